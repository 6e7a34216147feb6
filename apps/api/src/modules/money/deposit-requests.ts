import type { components } from '@ledgerline/api-client/contract';
import { coinTypes, isCoinType } from '@ledgerline/rules/coins';
import { and, count, eq } from 'drizzle-orm';
import { deposits } from '../../db/schema';
import { type AccountLimit, countAccountRequest } from '../../http/account-limits';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordActivity } from '../auth/activity';
import { signedInAccount } from '../auth/sessions';
import { requestOrigin } from '../auth/user-agent';
import { raiseQueueChanged } from '../events/live-events';
import { readImageForm, saveUpload } from '../files/uploads';
import { lockUser } from '../ledger/balances';
import { findActiveWallet } from '../wallets/wallets';
import { formatUsdForPeople, requestedAmountCents } from './amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from './idempotency';
import { newRef } from './refs';
import { depositTransaction } from './views';

type TransactionCreated = components['schemas']['TransactionCreated'];

/**
 * Deposits one account may send in 15 minutes, from any number of addresses (each address has its
 * own limit of 60 a minute): enough to fill the pending allowance and correct a few mistakes.
 */
const depositsPerAccount: AccountLimit = { name: 'deposits', max: 20, windowMs: 15 * 60 * 1000 };

/**
 * `POST /deposits`: an investor's deposit request, with its receipt checked by content. It moves no
 * money: the request waits, pending, for an admin's review. Limited per account as well as per address
 * (429), and to MAX_PENDING_DEPOSITS_PER_USER awaiting review at once (409).
 */
export function depositRequestOperations({ config, db, attempts, storage }: Services) {
  return {
    createDeposit: {
      rateLimit: { max: 60, timeWindow: '1 minute' },
      async handler(request, reply): Promise<TransactionCreated> {
        const account = signedInAccount(request);
        await countAccountRequest(attempts, depositsPerAccount, request, account.userId);
        const { fields, image } = await readImageForm(request);
        // The form was checked against the contract already; this narrows its text to a coin.
        const type = fields.type ?? '';
        if (!isCoinType(type)) throw new HttpError(400, `type must be one of: ${coinTypes.join(', ')}`);
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
              // A user has at most MAX_PENDING_DEPOSITS_PER_USER deposits awaiting review. Under the
              // user's row lock, "how many are pending?" and "add one" are one step: deposits sent at
              // once queue here, each counting the ones before it. The check comes before the receipt
              // is written, so a refused deposit leaves no file and no row.
              await lockUser(tx, account.userId);
              const [pending] = await tx
                .select({ count: count() })
                .from(deposits)
                .where(and(eq(deposits.userId, account.userId), eq(deposits.status, 'pending')));
              const pendingCount = pending?.count ?? 0;
              if (pendingCount >= config.MAX_PENDING_DEPOSITS_PER_USER) {
                throw new HttpError(
                  409,
                  `You have ${pendingCount} deposits awaiting review. Please wait until one is reviewed before making another.`,
                );
              }
              const upload = await saveUpload(tx, storage, {
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
              await raiseQueueChanged(tx, 'deposits', deposit.id, 'created', null);
              await recordActivity(tx, account.userId, 'deposit_requested', {
                origin: requestOrigin(request),
                detail: `${deposit.ref}, ${formatUsdForPeople(amountCents)}`,
              });
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
  } satisfies Operations;
}
