import type { Schemas } from '@ledgerline/api-client';

export type RequestStatus = Schemas['RequestStatus'];
export type TransactionStatus = Schemas['TransactionStatus'];

/** A request's review state as a person reads it (the back office's queues filter by these). */
export const statusLabels: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A history row's state as a person reads it: a review's, or a withdrawal its owner cancelled. */
export const transactionStatusLabels: Record<TransactionStatus, string> = {
  ...statusLabels,
  cancelled: 'Cancelled',
};
