import type { components } from '@ledgerline/api-client/contract';
import { writeBatches } from '../../db/write-batches';
import { type ReviewOutcome, reviewOutcomeMail } from '../../mail/messages';
import type { Services } from '../../services';
import { type ActivityRecord, recordActivities } from '../auth/activity';
import { formatUsdForPeople } from './amounts';

type Schemas = components['schemas'];

/** How long the activity rows of reviews ending together are gathered before they are written. */
const afterAnswerGatherMs = 20;

/** The activity a review's outcome is, by what was reviewed; a KYC review is not one of them. */
const outcomeActivity = {
  deposit: { approved: 'deposit_approved', rejected: 'deposit_rejected' },
  withdrawal: { approved: 'withdrawal_approved', rejected: 'withdrawal_rejected' },
} as const;

/**
 * Tells a request's owner how it was resolved, once the review has committed: by mail, and in their
 * activity log while they keep one. Both go after the answer and never undo the review: a mail
 * server that is down costs the mail (logged), not the decision. A request still pending (a
 * withdrawal's first of two approvals) is not told.
 */
export function outcomeMailer({
  config,
  db,
  mailer,
  deferred,
}: Pick<Services, 'config' | 'db' | 'mailer' | 'deferred'>) {
  // Reviews that end together share one statement for their owners' activity rows, gathered for a
  // moment since nobody waits on them.
  const recordOutcome = writeBatches((records: ActivityRecord[]) => recordActivities(db, records), {
    gatherMs: afterAnswerGatherMs,
  });
  const send = (outcome: ReviewOutcome & { userId: string }) => {
    deferred.run('review outcome mail', () => mailer.send(reviewOutcomeMail(config, outcome)));
    if (outcome.kind === 'kyc') return;
    const detail = [`${outcome.ref}, ${outcome.amount}`, outcome.reason].filter(Boolean).join(': ');
    deferred.run('review outcome activity', () =>
      recordOutcome({ userId: outcome.userId, kind: outcomeActivity[outcome.kind][outcome.status], detail }),
    );
  };
  return {
    /** A reviewed deposit, and its amount in cents as the request holds it. */
    deposit(deposit: Schemas['AdminDeposit'], amountCents: number) {
      // An admin's review approves or rejects: a deposit is never cancelled.
      if (deposit.status !== 'approved' && deposit.status !== 'rejected') return;
      send({
        kind: 'deposit',
        userId: deposit.user._id,
        to: deposit.user,
        status: deposit.status,
        reason: deposit.reason ?? null,
        amount: formatUsdForPeople(amountCents),
        ref: deposit.ref,
      });
    },
    /** A reviewed withdrawal, and its amount in cents as the request holds it. */
    withdrawal(withdrawal: Schemas['AdminWithdrawal'], amountCents: number) {
      // A cancel is the owner's own doing, answered to them: only a review's outcome is told.
      if (withdrawal.status !== 'approved' && withdrawal.status !== 'rejected') return;
      send({
        kind: 'withdrawal',
        userId: withdrawal.user._id,
        to: withdrawal.user,
        status: withdrawal.status,
        reason: withdrawal.reason ?? null,
        amount: formatUsdForPeople(amountCents),
        ref: withdrawal.ref,
        address: withdrawal.address ?? '',
        network: withdrawal.network ?? '',
      });
    },
    kyc(kyc: Schemas['AdminKyc']) {
      if (kyc.status === 'pending') return;
      send({ kind: 'kyc', userId: kyc.user._id, to: kyc.user, status: kyc.status, reason: kyc.reason });
    },
  };
}
