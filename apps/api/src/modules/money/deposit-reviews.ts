import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { type SQL, sql } from 'drizzle-orm';
import { prepareNamed, rowsOf } from '../../db/database';
import { deposits, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { auditCte, recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { adminsAudience, queueChangedData, raiseEventCte, raiseRequestReviewed } from '../events/live-events';
import { notOwnAccount } from '../ledger/guards';
import { journalCtes } from '../ledger/postings';
import { rejectionReason, resolveOnce, unresolvable } from '../reviews/reviews';
import { stepUpCodeOf, stepUpCodes, twoFactorStillOff } from '../step-up/step-up';
import { formatUsdForPeopleSql } from './amounts';
import { adminDeposit, reviewedDeposit } from './deposit-list';
import { maskNameSql } from './names';
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
  const { config, db, metrics, deferred, announceEvents } = services;
  const tellOwner = outcomeMailer(services);
  const requireStepUpCode = stepUpCodes(services);
  /** Basis points of the referral bonus, so the bonus is integer arithmetic on cents. */
  const referralBasisPoints = Math.round(config.REFERRAL_BONUS_PERCENT * 100);

  /**
   * The referrer's bonus on a first deposit of `amountCents` (a bigint expression), rounded to the
   * nearest cent: integer arithmetic on cents and basis points.
   */
  const referralBonusCentsSql = (amountCents: SQL) =>
    sql`((${amountCents}) * ${referralBasisPoints}::bigint + 5000) / 10000`;

  /**
   * Approves a pending deposit in one statement (its own transaction, one round trip, no read before
   * it): everything it writes comes from the row it resolves.
   * - `resolved` resolves the request only if it is still pending and not the approving admin's own,
   *   so of any number of concurrent or repeated approvals exactly one changes it; and, unless the
   *   step-up rule was applied before it (`stepUpChecked`), only if the admin's two-factor is off;
   * - `depositor` takes the depositor's row lock (every movement of their money queues behind it)
   *   and marks their first approved deposit. It is an UPDATE, so it sees the newest row after any
   *   wait: of two first deposits approved at once, exactly one is "first";
   * - the deposit's journal credits the depositor; on a referred user's first approved deposit, a
   *   guarded transfer credits their referrer the bonus (none when it rounds to nothing);
   * - the audit record and the live events (the owner's, and every admin's queue) are written with it;
   *   the events are announced once it has committed (so approvals commit side by side, not one at a
   *   time behind the notifications' lock).
   * Nothing is written unless both `resolved` and `depositor` yield a row. The statement is built and
   * prepared once; each approval gives its values. Answers the approved deposit, or null when the
   * request is not there, not pending, or the admin's own, or a code is needed first.
   */
  const approveStatement = prepareNamed(
    db,
    'approve_deposit',
    ['depositId', 'adminId', 'bonusRef', 'stepUpChecked'],
    ({ depositId, adminId, bonusRef, stepUpChecked }) => {
      const approved = sql`FROM resolved, depositor`;
      const amount = sql`resolved.amount_cents`;
      return sql`
      WITH resolved AS (
        UPDATE ${deposits} AS d
        SET status = 'approved', reason = NULL, resolved_at = now(), reviewed_by_id = ${adminId}
        WHERE d.id = ${depositId} AND d.status = 'pending' AND ${notOwnAccount(sql`d.user_id`, adminId)}
          AND (${stepUpChecked}::boolean OR ${twoFactorStillOff(adminId)})
        RETURNING d.id, d.user_id, d.ref, d.type, d.amount_cents, d.payment_to, d.wallet_id, d.receipt_id,
          d.created_at, d.resolved_at
      ), depositor AS (
        UPDATE ${users} AS u SET first_deposit_id = coalesce(u.first_deposit_id, resolved.id)
        FROM resolved WHERE u.id = resolved.user_id
        RETURNING u.id, u.fullname, u.email, u.referred_by_id, u.first_deposit_id = resolved.id AS first
      ), ${journalCtes(
        'deposit_journal',
        {
          kind: 'deposit',
          userId: sql`resolved.user_id`,
          ref: sql`resolved.ref`,
          createdById: adminId,
          depositId: sql`resolved.id`,
          transfer: {
            amountCents: amount,
            to: { account: 'available', userId: sql`resolved.user_id` },
            from: { account: 'deposits_received' },
          },
        },
        { from: sql`resolved, depositor`, rows: sql`resolved` },
      )}, ${journalCtes(
        'bonus_journal',
        {
          kind: 'referral_bonus',
          userId: sql`depositor.referred_by_id`,
          ref: bonusRef,
          memo: sql`${`Referral bonus: ${config.REFERRAL_BONUS_PERCENT}% of the first deposit of `}::text
            || ${maskNameSql(sql`depositor.fullname`)} || ' (' || ${formatUsdForPeopleSql(amount)} || ')'`,
          sourceUserId: sql`resolved.user_id`,
          transfer: {
            amountCents: referralBonusCentsSql(amount),
            to: { account: 'available', userId: sql`depositor.referred_by_id` },
            from: { account: 'bonus_paid' },
          },
        },
        {
          from: sql`resolved, depositor`,
          where: sql`depositor.first AND depositor.referred_by_id IS NOT NULL`,
          rows: sql`resolved, depositor`,
        },
      )}, ${auditCte(
        'audit',
        {
          actorId: adminId,
          action: 'deposit.approve',
          targetType: 'deposit',
          targetId: sql`resolved.id`,
          details: sql`jsonb_build_object('ref', resolved.ref, 'amount', round(resolved.amount_cents / 100.0, 2),
            'userId', resolved.user_id)`,
        },
        approved,
      )}, ${raiseEventCte(
        'owner_event',
        {
          recipient: sql`resolved.user_id`,
          event: sql`jsonb_build_object('type', 'deposit.reviewed', 'requestId', resolved.id, 'status', 'approved',
            'amount', round(resolved.amount_cents / 100.0, 2), 'reason', NULL::text)`,
        },
        approved,
        { announce: 'after commit' },
      )}, ${raiseEventCte(
        'queue_event',
        {
          recipient: sql`${adminsAudience}`,
          event: queueChangedData('deposits', sql`resolved.id`, 'approved', adminId),
        },
        approved,
        { announce: 'after commit' },
      )}
      SELECT resolved.*, depositor.fullname, depositor.email,
        reviewer.id AS reviewer_id, reviewer.fullname AS reviewer_fullname, reviewer.email AS reviewer_email
      FROM resolved, depositor LEFT JOIN ${users} AS reviewer ON reviewer.id = ${adminId}`;
    },
  );

  async function approve(
    depositId: string,
    adminId: string,
    { stepUpChecked }: { stepUpChecked: boolean },
  ): Promise<{ deposit: AdminDeposit; amountCents: number } | null> {
    const result = await approveStatement({ depositId, adminId, bonusRef: newRef('REF'), stepUpChecked });
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
    const deposit = adminDeposit({
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
    return { deposit, amountCents: Number(row.amount_cents) };
  }

  return {
    adminApproveDeposit: {
      async handler(request): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params;
        // An admin the session check found with two-factor off is asked for no code, and the
        // approval's own statement writes nothing unless two-factor is still off. Otherwise (it is
        // on, or was just turned on) the code is checked first, as for every act that needs one.
        let approved = admin.twoFactorEnabled
          ? null
          : await approve(depositId, admin.userId, { stepUpChecked: false });
        if (!approved) {
          await requireStepUpCode(request, stepUpCodeOf(request.body));
          approved = await approve(depositId, admin.userId, { stepUpChecked: true });
        }
        if (!approved) {
          // Not there, the admin's own, or resolved already: the request as it stands says which.
          throw await unresolvable(db, deposits, depositId, 'deposit', admin.userId);
        }
        deferred.run('live events announcement', announceEvents);
        metrics.reviews.inc({ kind: 'deposit', outcome: 'approved' });
        tellOwner.deposit(approved.deposit, approved.amountCents);
        return { msg: 'Deposit approved', deposit: approved.deposit };
      },
    },

    adminRejectDeposit: {
      async handler(request): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params;
        const reason = rejectionReason(request.body);
        const { deposit, amountCents } = await db.transaction(async (tx) => {
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
          return { deposit: reviewed, amountCents: resolved.amountCents };
        });
        metrics.reviews.inc({ kind: 'deposit', outcome: 'rejected' });
        tellOwner.deposit(deposit, amountCents);
        return { msg: 'Deposit rejected', deposit };
      },
    },
  } satisfies Operations;
}
