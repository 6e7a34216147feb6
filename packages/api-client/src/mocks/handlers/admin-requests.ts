import type { PathParams } from 'msw';
import { coinTypes, requestStatuses } from '../contract-values';
import {
  adminDeposits,
  adminKycRequests,
  adminWithdrawals,
  jasonPendingKyc,
  mariaPendingDeposit,
  priyaPendingWithdrawal,
} from '../fixtures/admin-requests';
import { resolved } from '../fixtures/submissions';
import { jsonOperation } from '../mock-operation';
import { createdWithin, enumParam, pageOf, uuidParam } from '../pages';

/** A row of the deposit, withdrawal or KYC review lists. */
type ReviewRow = { _id: string; createdAt: string; status: string; user: { _id: string }; type?: string };

/**
 * A page of an admin review list with its filters applied: `status`, `userId`, `from`, `to`, and
 * `type` (the coin) for lists whose rows have one.
 */
function reviewPage<R extends ReviewRow>(rows: readonly R[], query: URLSearchParams) {
  const status = enumParam(query, 'status', requestStatuses);
  const type = enumParam(query, 'type', coinTypes);
  const userId = uuidParam(query, 'userId');
  const inWindow = createdWithin(query);
  return pageOf(
    rows.filter(
      (row) =>
        inWindow(row) &&
        (status === undefined || row.status === status) &&
        (type === undefined || row.type === type) &&
        (userId === undefined || row.user._id === userId),
    ),
    query,
  );
}

/**
 * The request a review names, or a pending one when the id is not a fixture's, so a story can approve
 * or reject any row. Conflicts (409, already resolved) are the `.error(409, …)` answer's job.
 */
function requestNamed<R extends { _id: string }>(
  rows: readonly R[],
  params: PathParams,
  name: string,
  fallback: R,
): R {
  return rows.find((row) => row._id === params[name]) ?? fallback;
}

/** The reason the admin typed, shown back in the answer. */
async function reasonOf(request: Request): Promise<string> {
  const body: unknown = await request.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'reason' in body && typeof body.reason === 'string') {
    return body.reason;
  }
  return 'The receipt does not show the transaction hash.';
}

export const adminRequestMocks = {
  adminListDeposits: jsonOperation('adminListDeposits', 'get', '/admin/deposits', {
    status: 200,
    fixture: ({ url }) => reviewPage(adminDeposits, url.searchParams),
  }),
  adminApproveDeposit: jsonOperation('adminApproveDeposit', 'post', '/admin/deposits/{depositId}/approve', {
    status: 200,
    fixture: ({ params }) => ({
      msg: 'Deposit approved',
      deposit: resolved(requestNamed(adminDeposits, params, 'depositId', mariaPendingDeposit), 'approved'),
    }),
  }),
  adminRejectDeposit: jsonOperation('adminRejectDeposit', 'post', '/admin/deposits/{depositId}/reject', {
    status: 200,
    fixture: async ({ params, request }) => ({
      msg: 'Deposit rejected',
      deposit: resolved(
        requestNamed(adminDeposits, params, 'depositId', mariaPendingDeposit),
        'rejected',
        await reasonOf(request),
      ),
    }),
  }),
  adminListWithdrawals: jsonOperation('adminListWithdrawals', 'get', '/admin/withdrawals', {
    status: 200,
    fixture: ({ url }) => reviewPage(adminWithdrawals, url.searchParams),
  }),
  adminApproveWithdrawal: jsonOperation(
    'adminApproveWithdrawal',
    'post',
    '/admin/withdrawals/{withdrawalId}/approve',
    {
      status: 200,
      fixture: ({ params }) => ({
        msg: 'Withdrawal approved',
        withdrawal: resolved(
          requestNamed(adminWithdrawals, params, 'withdrawalId', priyaPendingWithdrawal),
          'approved',
        ),
      }),
    },
  ),
  adminRejectWithdrawal: jsonOperation(
    'adminRejectWithdrawal',
    'post',
    '/admin/withdrawals/{withdrawalId}/reject',
    {
      status: 200,
      fixture: async ({ params, request }) => ({
        msg: 'Withdrawal rejected',
        withdrawal: resolved(
          requestNamed(adminWithdrawals, params, 'withdrawalId', priyaPendingWithdrawal),
          'rejected',
          await reasonOf(request),
        ),
      }),
    },
  ),
  adminListKyc: jsonOperation('adminListKyc', 'get', '/admin/kyc', {
    status: 200,
    fixture: ({ url }) => reviewPage(adminKycRequests, url.searchParams),
  }),
  adminApproveKyc: jsonOperation('adminApproveKyc', 'post', '/admin/kyc/{kycId}/approve', {
    status: 200,
    fixture: ({ params }) => ({
      msg: 'KYC approved',
      kyc: resolved(requestNamed(adminKycRequests, params, 'kycId', jasonPendingKyc), 'approved'),
    }),
  }),
  adminRejectKyc: jsonOperation('adminRejectKyc', 'post', '/admin/kyc/{kycId}/reject', {
    status: 200,
    fixture: async ({ params, request }) => ({
      msg: 'KYC rejected',
      kyc: resolved(
        requestNamed(adminKycRequests, params, 'kycId', jasonPendingKyc),
        'rejected',
        await reasonOf(request),
      ),
    }),
  }),
};
