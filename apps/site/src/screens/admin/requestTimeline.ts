import type { Schemas } from '@ledgerline/api-client';
import type { TimelineItem } from '@ledgerline/ui/back-office';
import { formatUtcMinute } from '../../shared/formatDate';
import { holdReasonLabels } from './withdrawals/withdrawalHold';

/** A request the back office reviews: a deposit, a withdrawal or a KYC request. */
export type AdminRequest = Schemas['AdminDeposit'] | Schemas['AdminWithdrawal'] | Schemas['AdminKyc'];

/**
 * The states a request went through, oldest first: requested by its user; for a withdrawal above the
 * second-approval threshold, its first approval; for one held by its account's withdrawal pause, the
 * hold; then approved or rejected (with the reason the user was given) by the admin who resolved it,
 * cancelled by its user, or, while pending, the review it awaits. Names are as stored (lower-cased
 * by the server); screens capitalise them.
 */
export function requestTimeline(request: AdminRequest): TimelineItem[] {
  const items: TimelineItem[] = [
    { label: 'Requested', time: request.createdAt, actor: request.user.fullname, tone: 'neutral' },
  ];
  const withdrawal = 'firstApprovedAt' in request ? request : null;
  if (withdrawal?.firstApprovedAt) {
    items.push({
      label: 'First approval',
      time: withdrawal.firstApprovedAt,
      actor: withdrawal.firstApprovedBy?.fullname,
      tone: 'positive',
    });
  }
  if (withdrawal?.heldBecause && withdrawal.heldAt) {
    items.push({
      label: `Held: ${holdReasonLabels[withdrawal.heldBecause]}`,
      time: withdrawal.heldAt,
      note: withdrawal.heldUntil
        ? `Approvals wait until ${formatUtcMinute(withdrawal.heldUntil)}`
        : undefined,
      tone: 'neutral',
    });
  }
  const reviewer = request.reviewedBy?.fullname;
  if (request.status === 'approved') {
    items.push({ label: 'Approved', time: request.resolvedAt, actor: reviewer, tone: 'positive' });
  } else if (request.status === 'rejected') {
    items.push({
      label: 'Rejected',
      time: request.resolvedAt,
      actor: reviewer,
      note: request.reason ? `Reason: ${request.reason}` : undefined,
      tone: 'negative',
    });
  } else if (request.status === 'cancelled') {
    items.push({
      label: 'Cancelled',
      time: request.resolvedAt,
      actor: request.user.fullname,
      tone: 'neutral',
    });
  } else {
    items.push({
      label: withdrawal?.needsSecondApproval ? 'Awaiting a second approval' : 'Awaiting review',
      tone: 'pending',
    });
  }
  return items;
}
