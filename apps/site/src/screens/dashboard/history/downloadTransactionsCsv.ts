import { unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import type { HistoryFilters } from './useTransactions';
import { filterQuery } from './useTransactions';

/** "transactions-2026-11-21.csv", dated in the person's own time zone. */
export function csvFileName(today = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `transactions-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
}

/**
 * Fetches the CSV export of every row the filters keep (the contract's `format=csv` of the same
 * call, so it carries the token like every call) and saves it through a temporary Blob link.
 */
export async function downloadTransactionsCsv(filters: HistoryFilters): Promise<void> {
  const csv = await unwrap(
    api.GET('/transaction-history', {
      params: { query: { ...filterQuery(filters), format: 'csv' } },
      parseAs: 'blob',
    }),
  );
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName();
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
