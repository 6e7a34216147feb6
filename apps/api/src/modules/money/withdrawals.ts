import type { components } from '@ledgerline/api-client/contract';
import { addressProblem } from '@ledgerline/rules/addresses';
import { coinNetworks, coinTypes, isCoinType, isNetwork, networks } from '@ledgerline/rules/coins';
import { centsToUsdNumber, usdNumberToCents } from '@ledgerline/rules/usd';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import { users, withdrawals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { readTextForm } from '../../http/forms';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { recordActivity } from '../auth/activity';
import { codeAttempt, secondFactorColumns } from '../auth/second-factor';
import { securityMailer } from '../auth/security-mail';
import { type SignedInAccount, signedInAccount } from '../auth/sessions';
import { twoFactorCodeNeededMessage, wrongCodeMessage } from '../auth/two-factor';
import { requestOrigin } from '../auth/user-agent';
import { addressLockRefusal } from '../auth/withdrawal-addresses';
import { activePause, heldMessage, pausedMessage } from '../auth/withdrawal-pause';
import { raiseQueueChanged, raiseRequestReviewed } from '../events/live-events';
import { lockUser } from '../ledger/balances';
import { notOwnAccount, refuseBelowZero, refuseOwnAccount } from '../ledger/guards';
import { postJournal } from '../ledger/postings';
import { rejectionReason, resolveOnce, unresolvable } from '../reviews/reviews';
import { stepUpCodeOf, stepUpCodes } from '../step-up/step-up';
import { formatUsdForPeople, requestedAmountCents } from './amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from './idempotency';
import { outcomeMailer } from './outcome-mail';
import { newRef } from './refs';
import { optionalUserRef, userRef, withdrawalTransaction } from './views';
import { settleWithdrawalHold } from './withdrawal-settlement';

type TransactionCreated = components['schemas']['TransactionCreated'];
type AdminWithdrawal = components['schemas']['AdminWithdrawal'];
type AdminWithdrawalPage = components['schemas']['AdminWithdrawalPage'];
type WithdrawalReviewed = components['schemas']['WithdrawalReviewed'];

const reviewer = alias(users, 'reviewer');

/** A reviewed withdrawal as the back office answers it, and its amount in cents. */
type Reviewed = { withdrawal: AdminWithdrawal; amountCents: number };
const firstApprover = alias(users, 'first_approver');

function adminWithdrawalQuery(db: Database | Tx) {
  return db
    .select({
      withdrawal: withdrawals,
      user: {
        id: users.id,
        fullname: users.fullname,
        email: users.email,
        withdrawalsPausedUntil: users.withdrawalsPausedUntil,
      },
      reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
      firstApprover: { id: firstApprover.id, fullname: firstApprover.fullname, email: firstApprover.email },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewedById))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedById));
}

type AdminWithdrawalRow = Awaited<ReturnType<ReturnType<typeof adminWithdrawalQuery>['execute']>>[number];

function adminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  const { withdrawal } = row;
  // Held while pending and while the pause that held it lasts: the approvals wait until then.
  const heldUntil =
    withdrawal.status === 'pending' && withdrawal.heldReason !== null
      ? activePause(row.user.withdrawalsPausedUntil)
      : null;
  return {
    ...withdrawalTransaction(withdrawal),
    user: userRef(row.user),
    reviewedBy: optionalUserRef(row.reviewer),
    firstApprovedBy: optionalUserRef(row.firstApprover),
    firstApprovedAt: withdrawal.firstApprovedAt?.toISOString() ?? null,
    needsSecondApproval: withdrawal.status === 'pending' && withdrawal.firstApprovedById !== null,
    heldBecause: withdrawal.heldReason,
    heldAt: withdrawal.heldAt?.toISOString() ?? null,
    heldUntil: heldUntil?.toISOString() ?? null,
  };
}

/**
 * The cents above which a withdrawal needs two admins' approvals, from the configured US dollars (0:
 * every withdrawal). A threshold with fractions of a cent is rounded down: an amount in whole cents is
 * above it exactly when it is above its whole cents.
 */
function secondApprovalAboveCents(usd: number): number {
  return usdNumberToCents(usd) ?? Math.floor(usd * 100);
}

/**
 * What a withdrawal counts against the second-approval threshold when an admin approves it: the cents
 * of the user's withdrawals still pending or approved that were made or paid in the last 24 hours,
 * itself included. Splitting a large amount into withdrawals each under the threshold therefore does
 * not avoid a second admin; a rejected one counts for nothing.
 */
async function rollingDayCents(tx: Tx, userId: string, withdrawalId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${withdrawals.amountCents}), 0)::bigint` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, ['pending', 'approved']),
        or(
          eq(withdrawals.id, withdrawalId),
          sql`${withdrawals.createdAt} > now() - interval '24 hours'`,
          sql`${withdrawals.resolvedAt} > now() - interval '24 hours'`,
        ),
      ),
    );
  return Number(row?.cents ?? 0);
}

export function withdrawalOperations(services: Services) {
  const { config, db, failedSignIns, metrics, secrets } = services;
  const tellOwner = outcomeMailer(services);
  const tellOwnerOfSecurity = securityMailer(services);
  const requireStepUpCode = stepUpCodes(services);
  const twoApprovalsAboveCents = secondApprovalAboveCents(config.WITHDRAWAL_SECOND_APPROVAL_USD);
  async function reviewed(tx: Tx, withdrawalId: string): Promise<AdminWithdrawal> {
    const [row] = await adminWithdrawalQuery(tx).where(eq(withdrawals.id, withdrawalId));
    if (!row) throw new Error('The reviewed withdrawal vanished');
    return adminWithdrawal(row);
  }

  /** The withdrawal's audit details, alike for every review of it. */
  const auditDetails = (withdrawal: typeof withdrawals.$inferSelect) => ({
    ref: withdrawal.ref,
    amount: centsToUsdNumber(withdrawal.amountCents),
    userId: withdrawal.userId,
    network: withdrawal.network,
    address: withdrawal.address,
  });

  /**
   * Resolves a withdrawal: approval pays the held amount out, rejection gives it back to the
   * available balance. One conditional UPDATE (`resolveOnce`) decides, so of any number of
   * concurrent or repeated reviews exactly one moves the hold. A withdrawal of the admin's own
   * account is refused (403), in the same UPDATE; so is paying out one whose first approval is the
   * same admin's (a second approval is another admin's).
   */
  async function resolve(
    tx: Tx,
    admin: SignedInAccount,
    withdrawalId: string,
    status: 'approved' | 'rejected',
    reason: string | null,
    approval?: 'second approval',
  ): Promise<Reviewed> {
    const resolved = await resolveOnce(
      tx,
      withdrawals,
      withdrawalId,
      { adminId: admin.userId, status, reason, notOwn: true },
      'withdrawal',
    );
    const amountCents = resolved.amountCents;
    await settleWithdrawalHold(tx, resolved, status === 'approved' ? 'paid' : 'released', admin.userId);
    await recordAudit(tx, {
      actorId: admin.userId,
      action: status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: resolved.id,
      reason,
      details: { ...auditDetails(resolved), ...(approval ? { approval } : {}) },
    });
    const withdrawal = await reviewed(tx, resolved.id);
    await raiseRequestReviewed(tx, 'withdrawal', withdrawal, admin.userId);
    return { withdrawal, amountCents };
  }

  /**
   * An admin's approval. Normally it pays the withdrawal out. When the user's last 24 hours of
   * withdrawals come to more than the second-approval threshold, it is paid out only by the approval
   * of a second admin: the first approval is
   * recorded on the request (which stays pending, its hold in place) and written to the audit log;
   * the same admin approving again is refused (403). The request's row lock orders the reviews of
   * one withdrawal, so each decides on what the one before it wrote: of two admins approving at
   * once, one gives the first approval and the other the second, and of two second approvals
   * exactly one pays out (the other finds it approved: 409). A withdrawal held by a pause of its
   * account's withdrawals (`pauseWithdrawals`) is approved by no one while the pause lasts (409, the
   * message says why and until when); rejecting it stays possible.
   */
  async function approve(
    admin: SignedInAccount,
    withdrawalId: string,
  ): Promise<{ answer: WithdrawalReviewed; amountCents: number }> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          status: withdrawals.status,
          userId: withdrawals.userId,
          amountCents: withdrawals.amountCents,
          firstApprovedById: withdrawals.firstApprovedById,
          heldReason: withdrawals.heldReason,
          heldAt: withdrawals.heldAt,
        })
        .from(withdrawals)
        .where(eq(withdrawals.id, withdrawalId))
        .for('update');
      if (!current) throw await unresolvable(tx, withdrawals, withdrawalId, 'withdrawal');
      refuseOwnAccount(admin.userId, current.userId, 'review');
      if (current.status !== 'pending') {
        throw await unresolvable(tx, withdrawals, withdrawalId, 'withdrawal');
      }
      if (current.heldReason !== null && current.heldAt !== null) {
        // Read after the row lock, in a statement of its own: it sees the pause the hold came with.
        const [owner] = await tx
          .select({ pausedUntil: users.withdrawalsPausedUntil })
          .from(users)
          .where(eq(users.id, current.userId));
        const until = activePause(owner?.pausedUntil ?? null);
        if (until) throw new HttpError(409, heldMessage(current.heldReason, current.heldAt, until));
      }
      if (current.firstApprovedById === admin.userId) {
        throw new HttpError(403, 'A second admin must approve this withdrawal');
      }
      if (current.firstApprovedById !== null) {
        const { withdrawal, amountCents } = await resolve(
          tx,
          admin,
          withdrawalId,
          'approved',
          null,
          'second approval',
        );
        return { answer: { msg: 'Withdrawal approved', withdrawal }, amountCents };
      }
      if ((await rollingDayCents(tx, current.userId, withdrawalId)) <= twoApprovalsAboveCents) {
        const { withdrawal, amountCents } = await resolve(tx, admin, withdrawalId, 'approved', null);
        return { answer: { msg: 'Withdrawal approved', withdrawal }, amountCents };
      }
      // The first of two approvals: kept only while the request is pending and has none yet.
      const [first] = await tx
        .update(withdrawals)
        .set({ firstApprovedById: admin.userId, firstApprovedAt: sql`now()` })
        .where(
          and(
            eq(withdrawals.id, withdrawalId),
            eq(withdrawals.status, 'pending'),
            isNull(withdrawals.firstApprovedById),
            notOwnAccount(withdrawals.userId, admin.userId),
          ),
        )
        .returning();
      if (!first) throw new Error('The withdrawal changed under its row lock');
      await recordAudit(tx, {
        actorId: admin.userId,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: first.id,
        details: { ...auditDetails(first), approval: 'first approval' },
      });
      const withdrawal = await reviewed(tx, first.id);
      await raiseRequestReviewed(tx, 'withdrawal', withdrawal, admin.userId);
      return {
        answer: { msg: 'First approval recorded: a second admin must approve this withdrawal', withdrawal },
        amountCents: first.amountCents,
      };
    });
  }

  return {
    createWithdrawal: {
      rateLimit: { max: 60, timeWindow: '1 minute' },
      async handler(request, reply): Promise<TransactionCreated> {
        const account = signedInAccount(request);
        const fields = await readTextForm(request);
        // The form was checked against the contract already; this narrows its texts to a coin and a network.
        const type = fields.type ?? '';
        const network = fields.network ?? '';
        if (!isCoinType(type)) throw new HttpError(400, `type must be one of: ${coinTypes.join(', ')}`);
        if (!isNetwork(network)) throw new HttpError(400, `network must be one of: ${networks.join(', ')}`);
        const address = fields.address ?? '';
        if (!coinNetworks[type].includes(network)) {
          throw new HttpError(400, `network must be one of ${coinNetworks[type].join(', ')} for ${type}`);
        }
        const problem = addressProblem(network, address);
        if (problem) throw new HttpError(400, problem);
        const amountCents = requestedAmountCents(fields.amount ?? '');
        // With two-factor on, every withdrawal needs a fresh code; wrong ones count as failed sign-ins.
        const [holder] = await db
          .select({ ...secondFactorColumns, email: users.email, pausedUntil: users.withdrawalsPausedUntil })
          .from(users)
          .where(eq(users.id, account.userId));
        const pause = activePause(holder?.pausedUntil ?? null);
        if (pause) throw new HttpError(403, pausedMessage(pause));
        const secondFactor = holder?.twoFactorSecret ? holder : null;
        const code = fields.twoFactorCode ?? '';
        if (secondFactor && code === '') throw new HttpError(403, twoFactorCodeNeededMessage);
        // Only a wrong code counts: a right one refused for another reason (the address lock, the
        // balance) is no failed sign-in.
        const attempt = codeAttempt(
          secrets,
          secondFactor ? await failedSignIns.begin(request, secondFactor.email) : null,
        );

        const answer = await idempotent<TransactionCreated>(
          db,
          {
            userId: account.userId,
            operation: 'createWithdrawal',
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({ type, network, address, amountCents }),
          },
          async (tx) => {
            if (secondFactor && !(await attempt.spend(tx, secondFactor, code, { appOnly: true }))) {
              throw new HttpError(403, wrongCodeMessage);
            }
            // The user's lock makes "enough available?" and "hold it" one step: two withdrawals
            // racing for the same money queue here, and the second sees the first's hold.
            await lockUser(tx, account.userId);
            // With the address lock on, only a saved address past its hold; checked under the same
            // row lock as turning the lock off, so neither can slip past the other.
            const refusal = await addressLockRefusal(tx, account.userId, network, address);
            if (refusal) throw new HttpError(403, refusal);
            await refuseBelowZero(
              tx,
              account.userId,
              -amountCents,
              (available) => `amount is more than your available balance of ${formatUsdForPeople(available)}`,
            );
            const [withdrawal] = await tx
              .insert(withdrawals)
              .values({ userId: account.userId, ref: newRef('WDR'), type, network, address, amountCents })
              .returning();
            if (!withdrawal) throw new Error('The withdrawal was not stored');
            await postJournal(tx, {
              kind: 'withdrawal_hold',
              userId: account.userId,
              ref: withdrawal.ref,
              withdrawalId: withdrawal.id,
              postings: [
                { account: 'available', userId: account.userId, amountCents: -amountCents },
                { account: 'held', userId: account.userId, amountCents },
              ],
            });
            await raiseQueueChanged(tx, 'withdrawals', withdrawal.id, 'created', null);
            await recordActivity(tx, account.userId, 'withdrawal_requested', {
              origin: requestOrigin(request),
              detail: `${withdrawal.ref}, ${formatUsdForPeople(amountCents)}`,
            });
            return {
              statusCode: 201,
              body: {
                msg: 'Withdrawal request received and awaiting approval',
                transaction: withdrawalTransaction(withdrawal),
              },
            };
          },
        ).finally(attempt.settle);
        // A retry answered from the first request's record was mailed about then.
        if (answer.statusCode === 201 && !answer.replayed) {
          const { ref } = answer.body.transaction;
          tellOwnerOfSecurity.send(
            account.userId,
            'withdrawal requested',
            requestOrigin(request),
            `${ref}, ${formatUsdForPeople(amountCents)} to ${address}`,
          );
        }
        reply.status(answer.statusCode);
        return answer.body;
      },
    },

    adminListWithdrawals: {
      async handler(request): Promise<AdminWithdrawalPage> {
        const { query } = request;
        return keysetPage({
          query,
          keys: withdrawals,
          filters: [
            query.status ? eq(withdrawals.status, query.status) : undefined,
            query.type ? eq(withdrawals.type, query.type) : undefined,
            query.userId ? eq(withdrawals.userId, query.userId) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            adminWithdrawalQuery(db)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: ({ withdrawal }) => withdrawal,
          toItem: adminWithdrawal,
        });
      },
    },

    adminApproveWithdrawal: {
      async handler(request): Promise<WithdrawalReviewed> {
        await requireStepUpCode(request, stepUpCodeOf(request.body));
        const { answer, amountCents } = await approve(signedInAccount(request), request.params.withdrawalId);
        // Still pending after an approval: the first of the two a large withdrawal needs.
        const outcome = answer.withdrawal.status === 'pending' ? 'first_approved' : 'approved';
        metrics.reviews.inc({ kind: 'withdrawal', outcome });
        tellOwner.withdrawal(answer.withdrawal, amountCents);
        return answer;
      },
    },

    adminRejectWithdrawal: {
      async handler(request): Promise<WithdrawalReviewed> {
        // Any admin but its owner may reject it, awaiting a second approval or not: the hold goes back.
        const { withdrawal, amountCents } = await db.transaction((tx) =>
          resolve(
            tx,
            signedInAccount(request),
            request.params.withdrawalId,
            'rejected',
            rejectionReason(request.body),
          ),
        );
        metrics.reviews.inc({ kind: 'withdrawal', outcome: 'rejected' });
        tellOwner.withdrawal(withdrawal, amountCents);
        return { msg: 'Withdrawal rejected', withdrawal };
      },
    },
  } satisfies Operations;
}
