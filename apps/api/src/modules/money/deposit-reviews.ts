import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { eq, sql } from 'drizzle-orm';
import { executeNamed, rowsOf } from '../../db/database';
import { auditLog, deposits, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { auditCte, recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { adminsAudience, queueChangedData, raiseEventCte, raiseRequestReviewed } from '../events/live-events';
import { ownRequestRefused, rejectionReason, resolveOnce, unresolvable } from '../reviews/reviews';
import { formatUsdForPeople } from './amounts';
import { adminDeposit, reviewedDeposit, reviewer } from './deposit-list';
import { type Journal, journalCtes } from './ledger';
import { maskName } from './names';
import { outcomeMailer } from './outcome-mail';
import { newRef } from './refs';

type AdminDeposit = components['schemas']['AdminDeposit'];
type DepositReviewed = components['schemas']['DepositReviewed'];

/**
 * `POST /admin/deposits/{depositId}/approve|reject`: an admin's review of a deposit request. Each
 * request resolves at most once; an approval credits the depositor and, on a referred user's first
 * approved deposit, their referrer, in one statement. No admin reviews their own deposit (403):
 * another admin must.
 */
export function depositReviewOperations(services: Services) {
  const { config, db, metrics } = services;
  const tellOwner = outcomeMailer(services);
  /** Basis points of the referral bonus, so the bonus is integer arithmetic on cents. */
  const referralBasisPoints = Math.round(config.REFERRAL_BONUS_PERCENT * 100);

  /** The referrer's bonus on a first deposit of `amountCents`, rounded to the nearest cent. */
  const referralBonusCents = (amountCents: number) =>
    Number((BigInt(amountCents) * BigInt(referralBasisPoints) + 5_000n) / 10_000n);

  /** A deposit as an admin reviews it: the request, its depositor and the reviewing admin. */
  const prepareDepositForReview = () =>
    db
      .select({
        deposit: deposits,
        user: {
          id: users.id,
          fullname: users.fullname,
          email: users.email,
          referredById: users.referredById,
        },
        reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .leftJoin(reviewer, eq(reviewer.id, sql.placeholder('reviewerId')))
      .where(eq(deposits.id, sql.placeholder('depositId')))
      .prepare('deposit_for_review');
  let depositForReviewQuery: ReturnType<typeof prepareDepositForReview> | undefined;
  const depositForReview = (depositId: string, reviewerId: string) => {
    depositForReviewQuery ??= prepareDepositForReview();
    return depositForReviewQuery.execute({ depositId, reviewerId });
  };
  type DepositForReview = Awaited<ReturnType<typeof depositForReview>>[number];

  /**
   * Approves a deposit on which no referral bonus can be due, in one statement and one round trip,
   * with no read before it: everything it writes comes from the row it resolves. No bonus can be due
   * when the depositor was not referred, or already has an approved deposit (`first_deposit_id` is
   * only ever set, never cleared, so an old snapshot showing it set is still true). The depositor's
   * row is updated as in `approvePending`: the same lock, the same mark of their first deposit.
   * A deposit of the approving admin's own account is not theirs to approve: that is part of the
   * condition too, so no approval of one's own deposit ever moves money.
   * Answers the approved deposit, or null when the request is not there, not pending, the admin's
   * own, or may earn its referrer a bonus: `approvePending`, after a read, words that bonus (or the
   * refusal).
   */
  async function approveWithoutBonus(depositId: string, adminId: string): Promise<AdminDeposit | null> {
    const result = await executeNamed(
      db,
      'approve_deposit_without_bonus',
      sql`
      WITH resolved AS (
        UPDATE ${deposits} AS d
        SET status = 'approved', reason = NULL, resolved_at = now(), reviewed_by_id = ${adminId}
        WHERE d.id = ${depositId} AND d.status = 'pending' AND d.user_id <> ${adminId} AND NOT EXISTS (
          SELECT 1 FROM ${users} AS u
          WHERE u.id = d.user_id AND u.referred_by_id IS NOT NULL AND u.first_deposit_id IS NULL)
        RETURNING d.id, d.user_id, d.ref, d.type, d.amount_cents, d.payment_to, d.wallet_id, d.receipt_id,
          d.created_at, d.resolved_at
      ), depositor AS (
        UPDATE ${users} AS u SET first_deposit_id = coalesce(u.first_deposit_id, resolved.id)
        FROM resolved WHERE u.id = resolved.user_id
        RETURNING u.id, u.fullname, u.email
      ), ${journalCtes(
        'deposit_journal',
        {
          kind: 'deposit',
          userId: sql`resolved.user_id`,
          ref: sql`resolved.ref`,
          createdById: adminId,
          depositId: sql`resolved.id`,
          transfer: {
            amountCents: sql`resolved.amount_cents`,
            to: { account: 'available', userId: sql`resolved.user_id` },
            from: { account: 'deposits_received' },
          },
        },
        { onlyIf: sql`FROM resolved, depositor`, rows: sql`resolved` },
      )}
      , audit AS (
        INSERT INTO ${auditLog} (actor_id, action, target_type, target_id, details)
        SELECT ${adminId}::uuid, 'deposit.approve', 'deposit', resolved.id::text, jsonb_build_object(
          'ref', resolved.ref, 'amount', round(resolved.amount_cents / 100.0, 2), 'userId', resolved.user_id)
        FROM resolved, depositor
      ), ${raiseEventCte(
        'owner_event',
        {
          recipient: sql`resolved.user_id`,
          event: sql`jsonb_build_object('type', 'deposit.reviewed', 'requestId', resolved.id, 'status', 'approved',
            'amount', round(resolved.amount_cents / 100.0, 2), 'reason', NULL::text)`,
        },
        sql`FROM resolved, depositor`,
      )}, ${raiseEventCte(
        'queue_event',
        {
          recipient: sql`${adminsAudience}`,
          event: queueChangedData('deposits', sql`resolved.id`, 'approved', adminId),
        },
        sql`FROM resolved, depositor`,
      )}
      SELECT resolved.*, depositor.fullname, depositor.email,
        reviewer.id AS reviewer_id, reviewer.fullname AS reviewer_fullname, reviewer.email AS reviewer_email
      FROM resolved, depositor LEFT JOIN ${users} AS reviewer ON reviewer.id = ${adminId}`,
    );
    const [row] = rowsOf<{
      id: string;
      user_id: string;
      ref: string;
      type: (typeof deposits.$inferSelect)['type'];
      amount_cents: string | number;
      payment_to: string;
      wallet_id: string;
      receipt_id: string;
      created_at: Date | string;
      resolved_at: Date | string;
      fullname: string;
      email: string;
      reviewer_id: string | null;
      reviewer_fullname: string | null;
      reviewer_email: string | null;
    }>(result);
    if (!row) return null;
    return adminDeposit({
      deposit: {
        id: row.id,
        userId: row.user_id,
        ref: row.ref,
        type: row.type,
        amountCents: Number(row.amount_cents),
        paymentTo: row.payment_to,
        walletId: row.wallet_id,
        receiptId: row.receipt_id,
        status: 'approved',
        reason: null,
        reviewedById: adminId,
        createdAt: new Date(row.created_at),
        resolvedAt: new Date(row.resolved_at),
      },
      user: { id: row.user_id, fullname: row.fullname, email: row.email },
      reviewer:
        row.reviewer_id && row.reviewer_fullname !== null && row.reviewer_email !== null
          ? { id: row.reviewer_id, fullname: row.reviewer_fullname, email: row.reviewer_email }
          : null,
    });
  }

  /**
   * Approves a deposit read as pending, in one statement (its own transaction, one round trip):
   * - `resolved` resolves the request only if it is still pending, so of any number of concurrent or
   *   repeated approvals exactly one changes it; the others answer no row;
   * - `depositor` takes the depositor's row lock (every movement of their money queues behind it)
   *   and marks their first approved deposit. It is an UPDATE, so it sees the newest row after any
   *   wait: of two first deposits approved at once, exactly one is "first";
   * - the deposit's journal, the referrer's bonus when this is the first approved deposit of a
   *   referred user, and the audit record are written only if both of those yielded a row.
   * Everything the journals say comes from the request as read, and the request's user and amount
   * are part of the condition, so they describe exactly the row resolved; so is the depositor not
   * being the approving admin.
   * Answers when it was resolved, or null when it was no longer pending.
   */
  async function approvePending(row: DepositForReview, adminId: string): Promise<Date | null> {
    const { deposit, user } = row;
    const bonusCents = user.referredById ? referralBonusCents(deposit.amountCents) : 0;
    const bonus: Journal | null =
      user.referredById && bonusCents > 0
        ? {
            kind: 'referral_bonus',
            userId: user.referredById,
            ref: newRef('REF'),
            memo: `Referral bonus: ${config.REFERRAL_BONUS_PERCENT}% of the first deposit of ${maskName(user.fullname)} (${formatUsdForPeople(deposit.amountCents)})`,
            sourceUserId: user.id,
            postings: [
              { account: 'available', userId: user.referredById, amountCents: bonusCents },
              { account: 'bonus_paid', amountCents: -bonusCents },
            ],
          }
        : null;
    const bonusCte = bonus
      ? sql`, ${journalCtes('bonus_journal', bonus, { onlyIf: sql`FROM depositor WHERE depositor.first AND depositor.referred_by_id = ${bonus.userId}::uuid` })}`
      : sql``;
    const statement = sql`
      WITH resolved AS (
        UPDATE ${deposits} SET status = 'approved', reason = NULL, resolved_at = now(), reviewed_by_id = ${adminId}
        WHERE id = ${deposit.id} AND status = 'pending' AND user_id = ${user.id} AND user_id <> ${adminId}
          AND amount_cents = ${deposit.amountCents}
        RETURNING id, user_id, resolved_at
      ), depositor AS (
        UPDATE ${users} AS u SET first_deposit_id = coalesce(u.first_deposit_id, resolved.id)
        FROM resolved WHERE u.id = resolved.user_id
        RETURNING u.first_deposit_id = resolved.id AS first, u.referred_by_id
      ), ${journalCtes(
        'deposit_journal',
        {
          kind: 'deposit',
          userId: user.id,
          ref: deposit.ref,
          createdById: adminId,
          depositId: deposit.id,
          postings: [
            { account: 'available', userId: user.id, amountCents: deposit.amountCents },
            { account: 'deposits_received', amountCents: -deposit.amountCents },
          ],
        },
        { onlyIf: sql`FROM depositor` },
      )}${bonusCte}, ${auditCte(
        'audit',
        {
          actorId: adminId,
          action: 'deposit.approve',
          targetType: 'deposit',
          targetId: deposit.id,
          details: { ref: deposit.ref, amount: centsToUsdNumber(deposit.amountCents), userId: user.id },
        },
        sql`FROM depositor`,
      )}, ${raiseEventCte(
        'owner_event',
        {
          recipient: sql`${user.id}`,
          event: sql`${JSON.stringify({
            type: 'deposit.reviewed',
            requestId: deposit.id,
            status: 'approved',
            amount: centsToUsdNumber(deposit.amountCents),
            reason: null,
          })}`,
        },
        sql`FROM depositor`,
      )}, ${raiseEventCte(
        'queue_event',
        {
          recipient: sql`${adminsAudience}`,
          event: queueChangedData('deposits', deposit.id, 'approved', adminId),
        },
        sql`FROM depositor`,
      )}
      SELECT resolved_at FROM resolved`;
    // Two texts, so two prepared statements: with the referrer's bonus and without.
    const result = await executeNamed(
      db,
      bonus ? 'approve_deposit_with_bonus' : 'approve_deposit',
      statement,
    );
    const [resolved] = rowsOf<{ resolved_at: Date | string }>(result);
    return resolved ? new Date(resolved.resolved_at) : null;
  }

  return {
    adminApproveDeposit: {
      async handler(request): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params;
        const approved = await approveWithoutBonus(depositId, admin.userId);
        if (approved) {
          metrics.reviews.inc({ kind: 'deposit', outcome: 'approved' });
          tellOwner.deposit(approved);
          return { msg: 'Deposit approved', deposit: approved };
        }
        // Not there, the admin's own, resolved, or a referrer's bonus may be due: the request as it
        // stands answers the first three, and words the bonus.
        const [row] = await depositForReview(depositId, admin.userId);
        if (row?.deposit.userId === admin.userId) throw ownRequestRefused();
        if (row?.deposit.status !== 'pending') throw await unresolvable(db, deposits, depositId, 'deposit');
        const resolvedAt = await approvePending(row, admin.userId);
        if (!resolvedAt) {
          // Resolved by another review between the read and the approval.
          throw await unresolvable(db, deposits, depositId, 'deposit');
        }
        const deposit = adminDeposit({
          ...row,
          deposit: {
            ...row.deposit,
            status: 'approved',
            reason: null,
            resolvedAt,
            reviewedById: admin.userId,
          },
        });
        metrics.reviews.inc({ kind: 'deposit', outcome: 'approved' });
        tellOwner.deposit(deposit);
        return { msg: 'Deposit approved', deposit };
      },
    },

    adminRejectDeposit: {
      async handler(request): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params;
        const reason = rejectionReason(request.body);
        const deposit = await db.transaction(async (tx) => {
          const resolved = await resolveOnce(
            tx,
            deposits,
            depositId,
            { adminId: admin.userId, status: 'rejected', reason, notOwn: true },
            'deposit',
          );
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'deposit.reject',
            targetType: 'deposit',
            targetId: resolved.id,
            reason,
            details: {
              ref: resolved.ref,
              amount: centsToUsdNumber(resolved.amountCents),
              userId: resolved.userId,
            },
          });
          const reviewed = await reviewedDeposit(tx, resolved.id);
          await raiseRequestReviewed(tx, 'deposit', reviewed, admin.userId);
          return reviewed;
        });
        metrics.reviews.inc({ kind: 'deposit', outcome: 'rejected' });
        tellOwner.deposit(deposit);
        return { msg: 'Deposit rejected', deposit };
      },
    },
  } satisfies Operations;
}
