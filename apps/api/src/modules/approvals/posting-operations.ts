import type { components } from '@ledgerline/api-client/contract';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { refuseOwnAccount } from '../ledger/guards';
import { idempotencyKeyOf, idempotent, requestDigest } from '../money/idempotency';
import { journalTransaction } from '../money/views';
import { stepUpCodes } from '../step-up/step-up';
import { applyPosting, refuseOverdraw } from './apply';
import { propose, proposedMessage, readApproval } from './proposals';

type TransactionCreated = components['schemas']['TransactionCreated'];
type ApprovalProposed = components['schemas']['ApprovalProposed'];

/**
 * `POST /admin/users/{userId}/ledger-entries`: a bonus or an adjustment for a user, with a memo.
 * Profit is never typed in by an admin (it comes from trading). No one admin can mint money: a
 * posting above `POSTING_SECOND_APPROVAL_USD` (either sign; 0, the default: every posting) is only
 * proposed, and moves nothing until a second admin approves it; at or below it, it is posted at once.
 */
export function postingOperations(services: Services) {
  const { config, db, metrics } = services;
  const requireStepUpCode = stepUpCodes(services);
  const aloneUpToCents =
    usdNumberToCents(config.POSTING_SECOND_APPROVAL_USD) ??
    Math.floor(config.POSTING_SECOND_APPROVAL_USD * 100);

  return {
    adminPostLedgerEntry: {
      async handler(request, reply): Promise<TransactionCreated | ApprovalProposed> {
        const admin = signedInAccount(request);
        const { userId } = request.params;
        refuseOwnAccount(admin.userId, userId, 'post');
        const body = request.body;
        const memo = body.memo.trim();
        if (memo === '') throw new HttpError(400, 'memo is required');
        const amountCents = usdNumberToCents(body.amount);
        if (amountCents === null) throw new HttpError(400, 'amount must have at most two decimals');
        if (amountCents === 0) throw new HttpError(400, 'amount must not be zero');
        if (body.kind !== 'adjustment' && amountCents < 0) {
          throw new HttpError(400, `amount of a ${body.kind} must be greater than 0`);
        }
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
        if (!user) throw new HttpError(404, 'User not found');
        const posting = { kind: body.kind, amountCents, memo };
        const needsSecondAdmin = Math.abs(amountCents) > aloneUpToCents;
        const answer = await idempotent<TransactionCreated | ApprovalProposed>(
          db,
          {
            userId: admin.userId,
            operation: `adminPostLedgerEntry:${userId}`,
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({ userId, kind: body.kind, amountCents, memo }),
          },
          async (tx) => {
            await requireStepUpCode(request, body.twoFactorCode, tx);
            if (needsSecondAdmin) {
              // Refused now as it would be when approved; approval checks it again.
              await refuseOverdraw(tx, userId, amountCents);
              const proposal = await propose(tx, { proposedById: admin.userId, userId, change: posting });
              return {
                statusCode: 202,
                body: { msg: proposedMessage, approval: await readApproval(tx, proposal.id, admin.userId) },
              };
            }
            const { journal, ref } = await applyPosting(tx, userId, posting, { adminId: admin.userId });
            return {
              statusCode: 201,
              body: {
                msg: 'Ledger entry posted',
                transaction: journalTransaction(
                  { id: journal.id, kind: body.kind, ref, memo, createdAt: journal.createdAt },
                  amountCents,
                ),
              },
            };
          },
        );
        // A replay answers the posting a retry already made: counted once, when it was made.
        if (!answer.replayed && answer.statusCode === 201) metrics.ledgerPostings.inc({ kind: body.kind });
        reply.status(answer.statusCode);
        return answer.body;
      },
    },
  } satisfies Operations;
}
