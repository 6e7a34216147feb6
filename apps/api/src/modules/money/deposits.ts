import type { components, operations } from '@ledgerline/api-client';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { deposits, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { afterCursor, decodeCursor, toPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../admin/audit';
import { rejectionReason, resolveOnce } from '../admin/reviews';
import { signedInAccount } from '../auth/sessions';
import { readImageForm, saveUpload } from '../files/uploads';
import { findActiveWallet } from '../wallets/wallets';
import { centsToUsd, formatUsdForPeople, maxAmountCents, parseUsdString } from './amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from './idempotency';
import { postJournal, type Tx } from './ledger';
import { maskName } from './names';
import { newRef } from './refs';
import { depositTransaction, optionalUserRef, userRef } from './views';

type TransactionCreated = components['schemas']['TransactionCreated'];
type AdminDeposit = components['schemas']['AdminDeposit'];
type AdminDepositPage = components['schemas']['AdminDepositPage'];
type DepositReviewed = components['schemas']['DepositReviewed'];
type ListQuery = NonNullable<operations['adminListDeposits']['parameters']['query']>;

/** Reads a positive amount in cents from a multipart decimal string, or answers 400. */
export function requestedAmountCents(value: string): number {
  const cents = parseUsdString(value);
  if (cents === null) throw new HttpError(400, 'amount must be a number with at most two decimals');
  if (cents <= 0) throw new HttpError(400, 'amount must be greater than 0');
  if (cents > maxAmountCents) throw new HttpError(400, 'amount must be at most 1,000,000,000');
  return cents;
}

const reviewer = alias(users, 'reviewer');

/** Deposits with their user and reviewer, as the back office lists them. */
function adminDepositQuery(db: Database | Tx) {
  return db
    .select({
      deposit: deposits,
      user: { id: users.id, fullname: users.fullname, email: users.email },
      reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(reviewer, eq(reviewer.id, deposits.reviewedById));
}

type AdminDepositRow = Awaited<ReturnType<ReturnType<typeof adminDepositQuery>['execute']>>[number];

function adminDeposit(row: AdminDepositRow): AdminDeposit {
  return {
    ...depositTransaction(row.deposit),
    user: userRef(row.user),
    receipt: `/files/${row.deposit.receiptId}`,
    reviewedBy: optionalUserRef(row.reviewer),
  };
}

export function depositOperations({ config, db }: Services): Operations {
  /** Basis points of the referral bonus, so the bonus is integer arithmetic on cents. */
  const referralBasisPoints = Math.round(config.REFERRAL_BONUS_PERCENT * 100);

  /**
   * The referrer's bonus, when this is the referred user's first approved deposit. The caller holds
   * the depositor's row lock, which makes "first" exact when two of their deposits are approved at
   * once; the unique index on the source user backs it.
   */
  async function creditReferralBonus(
    tx: Tx,
    depositor: { id: string; fullname: string; referredById: string | null },
    depositId: string,
    amountCents: number,
  ) {
    if (!depositor.referredById) return;
    const [earlier] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, depositor.id),
          eq(deposits.status, 'approved'),
          sql`${deposits.id} <> ${depositId}`,
        ),
      )
      .limit(1);
    if (earlier) return;
    const bonusCents = Number((BigInt(amountCents) * BigInt(referralBasisPoints) + 5_000n) / 10_000n);
    if (bonusCents <= 0) return;
    await postJournal(tx, {
      kind: 'referral_bonus',
      userId: depositor.referredById,
      ref: newRef('REF'),
      memo: `Referral bonus: ${config.REFERRAL_BONUS_PERCENT}% of the first deposit of ${maskName(depositor.fullname)} (${formatUsdForPeople(amountCents)})`,
      sourceUserId: depositor.id,
      postings: [
        { account: 'available', userId: depositor.referredById, amountCents: bonusCents },
        { account: 'bonus_paid', amountCents: -bonusCents },
      ],
    });
  }

  async function reviewed(tx: Tx, depositId: string): Promise<AdminDeposit> {
    const [row] = await adminDepositQuery(tx).where(eq(deposits.id, depositId));
    if (!row) throw new Error('The reviewed deposit vanished');
    return adminDeposit(row);
  }

  return {
    createDeposit: {
      rateLimit: { max: 60, timeWindow: '1 minute' },
      async handler(request: FastifyRequest, reply: FastifyReply): Promise<TransactionCreated> {
        const account = signedInAccount(request);
        const { fields, image } = await readImageForm(request);
        const type = fields.type as 'bitcoin' | 'ethereum' | 'usdt';
        const amountCents = requestedAmountCents(fields.amount ?? '');
        const paymentTo = fields.paymentTo ?? '';
        const wallet = await findActiveWallet(db, type, paymentTo);
        if (!wallet)
          throw new HttpError(400, `paymentTo must be the address of one of our active ${type} wallets`);

        let discard: (() => Promise<void>) | undefined;
        try {
          const answer = await idempotent<TransactionCreated>(
            db,
            {
              userId: account.userId,
              operation: 'createDeposit',
              key: idempotencyKeyOf(request),
              requestHash: requestDigest({ type, amountCents, paymentTo, image: image.sha256 }),
            },
            async (tx) => {
              const upload = await saveUpload(tx, config, {
                ownerId: account.userId,
                kind: 'receipt',
                image,
              });
              discard = upload.discard;
              const [deposit] = await tx
                .insert(deposits)
                .values({
                  userId: account.userId,
                  ref: newRef('DEP'),
                  type,
                  amountCents,
                  paymentTo,
                  walletId: wallet.id,
                  receiptId: upload.id,
                })
                .returning();
              if (!deposit) throw new Error('The deposit was not stored');
              return {
                statusCode: 201,
                body: {
                  msg: 'Deposit request received and awaiting approval',
                  transaction: depositTransaction(deposit),
                },
              };
            },
          );
          // A replayed answer made no new deposit: the receipt just saved is not needed.
          if (answer.replayed) await discard?.();
          reply.status(answer.statusCode);
          return answer.body;
        } catch (error) {
          await discard?.();
          throw error;
        }
      },
    },

    adminListDeposits: {
      async handler(request: FastifyRequest): Promise<AdminDepositPage> {
        const query = request.query as ListQuery;
        const limit = query.limit ?? 20;
        const cursor = decodeCursor(query.cursor);
        const conditions: SQL[] = [];
        if (query.status) conditions.push(eq(deposits.status, query.status));
        if (query.type) conditions.push(eq(deposits.type, query.type));
        if (query.userId) conditions.push(eq(deposits.userId, query.userId));
        if (cursor) conditions.push(afterCursor(deposits.createdAt, deposits.id, cursor));
        const rows = await adminDepositQuery(db)
          .where(and(...conditions))
          .orderBy(desc(deposits.createdAt), desc(deposits.id))
          .limit(limit + 1);
        return toPage(
          rows.map((row) => ({ ...row, createdAt: row.deposit.createdAt, id: row.deposit.id })),
          limit,
          adminDeposit,
        );
      },
    },

    adminApproveDeposit: {
      async handler(request: FastifyRequest): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params as { depositId: string };
        const deposit = await db.transaction(async (tx) => {
          const resolved = await resolveOnce(
            tx,
            deposits,
            depositId,
            { adminId: admin.userId, status: 'approved', reason: null },
            'deposit',
          );
          // The depositor's lock comes before any entry: the entries' foreign keys take a share lock
          // on the same row, and taking it the other way round deadlocks two approvals of one user.
          // The same statement reads the reviewer, so the answer needs no query of its own.
          const [depositor] = await tx
            .select({
              id: users.id,
              fullname: users.fullname,
              email: users.email,
              referredById: users.referredById,
              reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
            })
            .from(users)
            .leftJoin(reviewer, eq(reviewer.id, admin.userId))
            .where(eq(users.id, resolved.userId))
            .for('update', { of: users });
          if (!depositor) throw new Error('The depositor vanished');
          await postJournal(tx, {
            kind: 'deposit',
            userId: resolved.userId,
            ref: resolved.ref,
            createdById: admin.userId,
            depositId: resolved.id,
            postings: [
              { account: 'available', userId: resolved.userId, amountCents: resolved.amountCents },
              { account: 'deposits_received', amountCents: -resolved.amountCents },
            ],
          });
          await creditReferralBonus(tx, depositor, resolved.id, resolved.amountCents);
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'deposit.approve',
            targetType: 'deposit',
            targetId: resolved.id,
            details: { ref: resolved.ref, amount: centsToUsd(resolved.amountCents), userId: resolved.userId },
          });
          return adminDeposit({
            deposit: resolved,
            user: { id: depositor.id, fullname: depositor.fullname, email: depositor.email },
            reviewer: depositor.reviewer,
          });
        });
        return { msg: 'Deposit approved', deposit };
      },
    },

    adminRejectDeposit: {
      async handler(request: FastifyRequest): Promise<DepositReviewed> {
        const admin = signedInAccount(request);
        const { depositId } = request.params as { depositId: string };
        const reason = rejectionReason(request);
        const deposit = await db.transaction(async (tx) => {
          const resolved = await resolveOnce(
            tx,
            deposits,
            depositId,
            { adminId: admin.userId, status: 'rejected', reason },
            'deposit',
          );
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'deposit.reject',
            targetType: 'deposit',
            targetId: resolved.id,
            reason,
            details: { ref: resolved.ref, amount: centsToUsd(resolved.amountCents), userId: resolved.userId },
          });
          return reviewed(tx, resolved.id);
        });
        return { msg: 'Deposit rejected', deposit };
      },
    },
  };
}
