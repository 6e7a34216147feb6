import type { components } from '../generated/schema';

type Transaction = components['schemas']['Transaction'];

/** The export's columns, in the contract's order. */
const columns = [
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
] as const satisfies readonly (keyof Transaction)[];

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `GET /transaction-history?format=csv`: a header line, then one line per row; amounts with two places. */
export function transactionCsv(rows: readonly Transaction[]): string {
  const lines = rows.map((row) =>
    columns.map((column) => cell(column === 'amount' ? row.amount.toFixed(2) : row[column])).join(','),
  );
  return `${[columns.join(','), ...lines].join('\n')}\n`;
}
