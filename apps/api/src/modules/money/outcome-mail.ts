import type { components } from '@ledgerline/api-client/contract';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { type ReviewOutcome, reviewOutcomeMail } from '../../mail/messages';
import type { Services } from '../../services';
import { recordActivity } from '../auth/activity';
import { formatUsdForPeople } from './amounts';

type Schemas = components['schemas'];

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
  const send = (outcome: ReviewOutcome & { userId: string }) => {
    deferred.run('review outcome mail', () => mailer.send(reviewOutcomeMail(config, outcome)));
    if (outcome.kind === 'kyc') return;
    const detail = [`${outcome.ref}, ${outcome.amount}`, outcome.reason].filter(Boolean).join(': ');
    deferred.run('review outcome activity', () =>
      recordActivity(db, outcome.userId, outcomeActivity[outcome.kind][outcome.status], { detail }),
    );
  };
  // Amounts here were read from the ledger's own cents, so they are always whole cents.
  const money = (amount: number) => formatUsdForPeople(usdNumberToCents(amount) ?? Math.round(amount * 100));
  return {
    deposit(deposit: Schemas['AdminDeposit']) {
      if (deposit.status === 'pending') return;
      send({
        kind: 'deposit',
        userId: deposit.user._id,
        to: deposit.user,
        status: deposit.status,
        reason: deposit.reason ?? null,
        amount: money(deposit.amount),
        ref: deposit.ref,
      });
    },
    withdrawal(withdrawal: Schemas['AdminWithdrawal']) {
      if (withdrawal.status === 'pending') return;
      send({
        kind: 'withdrawal',
        userId: withdrawal.user._id,
        to: withdrawal.user,
        status: withdrawal.status,
        reason: withdrawal.reason ?? null,
        amount: money(withdrawal.amount),
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
