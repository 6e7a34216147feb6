import type { components } from '../../generated/schema';
import { transactionCsv } from '../../transaction-csv';
import { coinTypes, transactionFormats, transactionStatuses, trxTypes } from '../contract-values';
import { cancelled, depositCreated, withdrawalCreated } from '../fixtures/submissions';
import { pendingWithdrawal, transactions } from '../fixtures/transactions';
import { activeWallets } from '../fixtures/wallets';
import { jsonOperation } from '../mock-operation';
import { enumParam, pageOf } from '../pages';

type Transaction = components['schemas']['Transaction'];

/** The history rows the `trxType`, `status` and `type` filters keep. */
function matchingTransactions(query: URLSearchParams): Transaction[] {
  const trxType = enumParam(query, 'trxType', trxTypes);
  const status = enumParam(query, 'status', transactionStatuses);
  const type = enumParam(query, 'type', coinTypes);
  return transactions.filter(
    (row) =>
      (trxType === undefined || row.trxType === trxType) &&
      (status === undefined || row.status === status) &&
      (type === undefined || row.type === type),
  );
}

const isCsvExport = (query: URLSearchParams) => enumParam(query, 'format', transactionFormats) === 'csv';

function csvExport(rows: readonly Transaction[]): Response {
  return new Response(transactionCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="transaction-history.csv"',
    },
  });
}

export const moneyMocks = {
  createDeposit: jsonOperation('createDeposit', 'post', '/deposits', {
    status: 201,
    fixture: () => depositCreated,
  }),
  createWithdrawal: jsonOperation('createWithdrawal', 'post', '/withdrawals', {
    status: 201,
    fixture: () => withdrawalCreated,
  }),
  /**
   * Cancels the withdrawal the path names: one of Jane's, or her pending one when the id is not a
   * fixture's. A second cancel (409) is the `.error(409, …)` answer's job.
   */
  cancelWithdrawal: jsonOperation('cancelWithdrawal', 'post', '/withdrawals/{withdrawalId}/cancel', {
    status: 200,
    fixture: ({ params }) =>
      cancelled(
        transactions.find((row) => row._id === params.withdrawalId && row.trxType === 'withdrawal') ??
          pendingWithdrawal,
      ),
  }),
  /**
   * Pages and filters Jane's history as the server does, so "Load more" and the filters work in stories.
   * `format=csv` exports every matching row (limit and cursor do not apply), or the given body's rows.
   */
  listTransactions: jsonOperation('listTransactions', 'get', '/transaction-history', {
    status: 200,
    fixture: ({ url }) => {
      const rows = matchingTransactions(url.searchParams);
      return isCsvExport(url.searchParams)
        ? { items: rows, nextCursor: null }
        : pageOf(rows, url.searchParams);
    },
    answer: ({ body, url }) => (isCsvExport(url.searchParams) ? csvExport(body.items) : Response.json(body)),
  }),
  listWallets: jsonOperation('listWallets', 'get', '/admin-wallets', {
    status: 200,
    fixture: () => activeWallets,
  }),
};
