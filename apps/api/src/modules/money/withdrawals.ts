import { coinTypes, isCoinType, isNetwork, networks } from '@ledgerline/api-client/catalog';
import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import { users, withdrawals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { readTextForm } from '../../http/forms';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { type SignedInAccount, signedInAccount } from '../auth/sessions';
import { rejectionReason, resolveOnce } from '../reviews/reviews';
import { addressProblem, networksOf } from '../wallets/addresses';
import { centsToUsd, formatUsdForPeople, requestedAmountCents } from './amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from './idempotency';
import { lockUser, postJournal, userBalances } from './ledger';
import { newRef } from './refs';
import { optionalUserRef, userRef, withdrawalTransaction } from './views';

type TransactionCreated = components['schemas']['TransactionCreated'];
type AdminWithdrawal = components['schemas']['AdminWithdrawal'];
type AdminWithdrawalPage = components['schemas']['AdminWithdrawalPage'];
type WithdrawalReviewed = components['schemas']['WithdrawalReviewed'];

const reviewer = alias(users, 'reviewer');

function adminWithdrawalQuery(db: Database | Tx) {
  return db
    .select({
      withdrawal: withdrawals,
      user: { id: users.id, fullname: users.fullname, email: users.email },
      reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(reviewer, eq(reviewer.id, withdrawals.reviewedById));
}

type AdminWithdrawalRow = Awaited<ReturnType<ReturnType<typeof adminWithdrawalQuery>['execute']>>[number];

function adminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    ...withdrawalTransaction(row.withdrawal),
    user: userRef(row.user),
    reviewedBy: optionalUserRef(row.reviewer),
  };
}

export function withdrawalOperations({ db }: Services) {
  async function reviewed(tx: Tx, withdrawalId: string): Promise<AdminWithdrawal> {
    const [row] = await adminWithdrawalQuery(tx).where(eq(withdrawals.id, withdrawalId));
    if (!row) throw new Error('The reviewed withdrawal vanished');
    return adminWithdrawal(row);
  }

  async function review(
    admin: SignedInAccount,
    withdrawalId: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<AdminWithdrawal> {
    return db.transaction(async (tx) => {
      const resolved = await resolveOnce(
        tx,
        withdrawals,
        withdrawalId,
        { adminId: admin.userId, status, reason },
        'withdrawal',
      );
      const amountCents = resolved.amountCents;
      await postJournal(tx, {
        // Approval pays the held amount out; rejection gives it back to the available balance.
        kind: status === 'approved' ? 'withdrawal_paid' : 'withdrawal_release',
        userId: resolved.userId,
        ref: resolved.ref,
        createdById: admin.userId,
        withdrawalId: resolved.id,
        postings:
          status === 'approved'
            ? [
                { account: 'held', userId: resolved.userId, amountCents: -amountCents },
                { account: 'withdrawals_paid', amountCents },
              ]
            : [
                { account: 'held', userId: resolved.userId, amountCents: -amountCents },
                { account: 'available', userId: resolved.userId, amountCents },
              ],
      });
      await recordAudit(tx, {
        actorId: admin.userId,
        action: status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: resolved.id,
        reason,
        details: {
          ref: resolved.ref,
          amount: centsToUsd(amountCents),
          userId: resolved.userId,
          network: resolved.network,
          address: resolved.address,
        },
      });
      return reviewed(tx, resolved.id);
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
        if (!networksOf(type).includes(network)) {
          throw new HttpError(400, `network must be one of ${networksOf(type).join(', ')} for ${type}`);
        }
        const problem = addressProblem(network, address);
        if (problem) throw new HttpError(400, problem);
        const amountCents = requestedAmountCents(fields.amount ?? '');

        const answer = await idempotent<TransactionCreated>(
          db,
          {
            userId: account.userId,
            operation: 'createWithdrawal',
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({ type, network, address, amountCents }),
          },
          async (tx) => {
            // The user's lock makes "enough available?" and "hold it" one step: two withdrawals
            // racing for the same money queue here, and the second sees the first's hold.
            await lockUser(tx, account.userId);
            const { available } = await userBalances(tx, account.userId);
            if (amountCents > available) {
              throw new HttpError(
                400,
                `amount is more than your available balance of ${formatUsdForPeople(available)}`,
              );
            }
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
            return {
              statusCode: 201,
              body: {
                msg: 'Withdrawal request received and awaiting approval',
                transaction: withdrawalTransaction(withdrawal),
              },
            };
          },
        );
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
        return {
          msg: 'Withdrawal approved',
          withdrawal: await review(signedInAccount(request), request.params.withdrawalId, 'approved', null),
        };
      },
    },

    adminRejectWithdrawal: {
      async handler(request): Promise<WithdrawalReviewed> {
        return {
          msg: 'Withdrawal rejected',
          withdrawal: await review(
            signedInAccount(request),
            request.params.withdrawalId,
            'rejected',
            rejectionReason(request.body),
          ),
        };
      },
    },
  } satisfies Operations;
}
