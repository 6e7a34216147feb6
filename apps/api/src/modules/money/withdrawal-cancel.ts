import type { components } from '@ledgerline/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { withdrawals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordActivity } from '../auth/activity';
import { signedInAccount } from '../auth/sessions';
import { requestOrigin } from '../auth/user-agent';
import { raiseQueueChanged } from '../events/live-events';
import { formatUsdForPeople } from './amounts';
import { withdrawalTransaction } from './views';
import { settleWithdrawalHold } from './withdrawal-settlement';

type WithdrawalCancelled = components['schemas']['WithdrawalCancelled'];

export const withdrawalNotFoundMessage = 'Withdrawal not found';

/**
 * Why a cancel changed nothing: the withdrawal is not there or not the caller's (404, alike, so
 * nothing tells whether another account's exists), or it is no longer pending (409, saying how and
 * when it was resolved).
 */
async function notCancellable(tx: Tx, withdrawalId: string, userId: string): Promise<HttpError> {
  const [existing] = await tx
    .select({ status: withdrawals.status, resolvedAt: withdrawals.resolvedAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.userId, userId)));
  if (!existing) return new HttpError(404, withdrawalNotFoundMessage);
  const when = existing.resolvedAt
    ? ` on ${existing.resolvedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : '';
  return new HttpError(
    409,
    existing.status === 'cancelled'
      ? `This withdrawal was already cancelled${when}.`
      : `This withdrawal was already ${existing.status}${when}: only a pending one can be cancelled.`,
  );
}

/**
 * A user cancels their own withdrawal while it is pending (held by a pause or awaiting a second
 * approval included): it is resolved as cancelled and its hold released to the available balance,
 * in one transaction. One conditional UPDATE decides, as an admin's review does: of two cancels at
 * once, or a cancel and a review, exactly one resolves it and moves the money; the other is told
 * (409).
 */
export function withdrawalCancelOperations(services: Services) {
  const { db } = services;
  return {
    cancelWithdrawal: {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      async handler(request): Promise<WithdrawalCancelled> {
        const account = signedInAccount(request);
        const withdrawalId = request.params.withdrawalId;
        const cancelled = await db.transaction(async (tx) => {
          const [resolved] = await tx
            .update(withdrawals)
            .set({ status: 'cancelled', resolvedAt: sql`now()` })
            .where(
              and(
                eq(withdrawals.id, withdrawalId),
                eq(withdrawals.userId, account.userId),
                eq(withdrawals.status, 'pending'),
              ),
            )
            .returning();
          if (!resolved) throw await notCancellable(tx, withdrawalId, account.userId);
          await settleWithdrawalHold(tx, resolved, 'released', null, 'Cancelled by its owner');
          await raiseQueueChanged(tx, 'withdrawals', resolved.id, 'cancelled', null);
          await recordActivity(tx, account.userId, 'withdrawal_cancelled', {
            origin: requestOrigin(request),
            detail: `${resolved.ref}, ${formatUsdForPeople(resolved.amountCents)}`,
          });
          return resolved;
        });
        return {
          msg: `Withdrawal cancelled: ${formatUsdForPeople(cancelled.amountCents)} is back in your available balance`,
          transaction: withdrawalTransaction(cancelled),
        };
      },
    },
  } satisfies Operations;
}
