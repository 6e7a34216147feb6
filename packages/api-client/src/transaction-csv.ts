import { csvDocument } from '@ledgerline/rules/csv';
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
 * `GET /transaction-history?format=csv`, written once for the server and its mocks by the one CSV
 * writer: every cell quoted, typed text that would start a formula neutralised. Amounts are plain
 * decimals with two places (every amount is a whole number of cents, so `toFixed(2)` writes it
 * exactly).
 */
export function transactionCsv(rows: readonly Transaction[]): string {
  return csvDocument(
    transactionCsvColumns,
    rows.map((row) =>
      transactionCsvColumns.map((column) => (column === 'amount' ? row.amount.toFixed(2) : row[column])),
    ),
  );
}
