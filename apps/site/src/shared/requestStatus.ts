import type { Schemas } from '@ledgerline/api-client';

export type RequestStatus = Schemas['RequestStatus'];

/** A deposit's or a withdrawal's review state as a person reads it. */
export const statusLabels: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
