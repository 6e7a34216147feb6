import type { components } from './generated/schema';

type Transaction = components['schemas']['Transaction'];

/** The export's columns, in the contract's order. */
export const transactionCsvColumns = [
  '_id',
  'createdAt',
  'resolvedAt',
  'trxType',
  'direction',
  'amount',
  'status',
  'type',
  'network',
  'paymentTo',
  'address',
  'ref',
  'reason',
  'memo',
  'fundName',
  'units',
  'navPerUnit',
] as const satisfies readonly (keyof Transaction)[];

/**
 * A cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break), with text
 * that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * prefixed by `'`.
 */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * `GET /transaction-history?format=csv`, written once for the server and its mocks: a header line,
 * then one CRLF-ended line per row; amounts are plain decimals with two places (every amount is a
 * whole number of cents, so `toFixed(2)` writes it exactly).
 */
export function transactionCsv(rows: readonly Transaction[]): string {
  const lines = rows.map((row) =>
    transactionCsvColumns
      .map((column) => cell(column === 'amount' ? row.amount.toFixed(2) : row[column]))
      .join(','),
  );
  return `${[transactionCsvColumns.join(','), ...lines].join('\r\n')}\r\n`;
}
