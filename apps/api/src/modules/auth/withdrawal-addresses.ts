import type { components } from '@ledgerline/api-client/contract';
import { addressProblem } from '@ledgerline/rules/addresses';
import { coinNetworks, type Network } from '@ledgerline/rules/coins';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { users, withdrawalAddresses } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { addressLockCancelLink } from '../../mail/messages';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { isPasswordCorrect } from './password-hashing';
import { codeAttempt, secondFactorColumns } from './second-factor';
import { securityMailer } from './security-mail';
import { signedInAccount } from './sessions';
import { hashToken, newToken } from './tokens';
import { wrongCodeMessage } from './two-factor';
import { requestOrigin } from './user-agent';
import { activePause } from './withdrawal-pause';

type Schemas = components['schemas'];
type SavedAddressRow = typeof withdrawalAddresses.$inferSelect;

export const addressCodeNeededMessage =
  'Enter the code from your authenticator app: saving an address needs one while two-factor is on.';
export const lockOffCodeNeededMessage =
  'Enter the code from your authenticator app: turning the lock off needs one while two-factor is on.';
export const lockOffPasswordNeededMessage =
  'Enter your password: turning the lock off needs it while two-factor is off.';
export const unknownCancelLinkMessage =
  'This link is not valid any more: the lock was turned on again, or its turning off was already cancelled.';
export const lockAlreadyOffMessage =
  'The lock is already off: this link came too late. Turn the lock on again from Profile → Security.';
export const notSavedMessage = 'Withdrawals are locked to your saved addresses: save this address first.';
export const alreadySavedMessage = 'This address is already saved for this network';

/** "2026-11-26 10:32 UTC", rounded up to the minute: never earlier than the instant itself. */
function utcMinute(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${minute.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Whether the lock holds at `now`: on, and not turned off by a turning off whose hold has ended. A
 * turning off asked for waits the hold, so the owner, mailed a link to cancel it, can act first.
 */
export function lockHolds(holder: { lock: boolean; lockOffAt: Date | null }, now = new Date()): boolean {
  return holder.lock && !(holder.lockOffAt && holder.lockOffAt <= now);
}

/** The turning off still waiting for its hold to end, or null. */
function waitingLockOff(holder: { lock: boolean; lockOffAt: Date | null }, now = new Date()): Date | null {
  return lockHolds(holder, now) && holder.lockOffAt ? holder.lockOffAt : null;
}

/** "This saved address can receive withdrawals from 2026-11-26 10:32 UTC." */
export function heldMessage(usableFrom: Date): string {
  return `This saved address can receive withdrawals from ${utcMinute(usableFrom)}.`;
}

/**
 * The form of an address that tells two spellings of one address apart only where they differ:
 * hex (0x…) and bech32 (bc1…) addresses are the same address in any case of their letters; base58
 * ones (Bitcoin 1… and 3…, TRON T…) are not.
 */
function sameAddressKey(address: string): string {
  return /^(0x|bc1)/i.test(address) ? address.toLowerCase() : address;
}

/** The account's saved addresses on one network, read for share: none is removed until the caller's transaction ends. */
async function savedOnNetwork(tx: Tx, userId: string, network: Network): Promise<SavedAddressRow[]> {
  return tx
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, userId), eq(withdrawalAddresses.network, network)))
    .for('share');
}

/**
 * Why a withdrawal to (`network`, `address`) is refused by the account's address lock, or null when
 * it is not: with the lock on, only a saved address whose hold has ended may receive one. Runs in the
 * withdrawal's transaction after the user's row lock, so the lock cannot be turned off, nor the
 * address removed, between this check and the money being held.
 */
export async function addressLockRefusal(
  tx: Tx,
  userId: string,
  network: Network,
  address: string,
  now = new Date(),
): Promise<string | null> {
  const [holder] = await tx
    .select({ lock: users.withdrawalAddressLock, lockOffAt: users.withdrawalAddressLockOffAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!holder || !lockHolds(holder, now)) return null;
  const key = sameAddressKey(address);
  const saved = (await savedOnNetwork(tx, userId, network)).find(
    (row) => sameAddressKey(row.address) === key,
  );
  if (!saved) return notSavedMessage;
  return saved.usableFrom > now ? heldMessage(saved.usableFrom) : null;
}

function savedAddress(row: SavedAddressRow): Schemas['WithdrawalAddress'] {
  return {
    _id: row.id,
    type: row.type,
    network: row.network,
    address: row.address,
    label: row.label,
    usableFrom: row.usableFrom.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Profile → Security's address book: saved withdrawal addresses per coin and network, each with a
 * label, and the lock "Only allow withdrawals to my saved addresses". A saved address may receive
 * withdrawals under the lock only `WITHDRAWAL_ADDRESS_HOLD_MINUTES` after it was saved. Saving one,
 * and turning the lock off, need a fresh code from the app while two-factor is on, and are mailed to
 * the owner: those are what a thief in the account would do first. Another account's address answers
 * 404, as one that does not exist.
 */
export function withdrawalAddressOperations(services: Services) {
  const { config, db, failedSignIns, secrets } = services;
  const tellOwner = securityMailer(services);
  const holdMs = config.WITHDRAWAL_ADDRESS_HOLD_MINUTES * 60_000;

  const holderOf = async (userId: string) => {
    const [holder] = await db
      .select({
        ...secondFactorColumns,
        email: users.email,
        passwordHash: users.passwordHash,
        lock: users.withdrawalAddressLock,
        lockOffAt: users.withdrawalAddressLockOffAt,
        withdrawalsPausedUntil: users.withdrawalsPausedUntil,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!holder) throw new HttpError(401, 'Please sign in again');
    return holder;
  };

  return {
    listWithdrawalAddresses: {
      async handler(request): Promise<Schemas['WithdrawalAddressBook']> {
        const { userId } = signedInAccount(request);
        const holder = await holderOf(userId);
        const rows = await db
          .select()
          .from(withdrawalAddresses)
          .where(eq(withdrawalAddresses.userId, userId))
          .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
        return {
          lockEnabled: lockHolds(holder),
          lockOffAt: waitingLockOff(holder)?.toISOString() ?? null,
          holdMinutes: config.WITHDRAWAL_ADDRESS_HOLD_MINUTES,
          addresses: rows.map(savedAddress),
        };
      },
    },

    createWithdrawalAddress: {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      async handler(request, reply): Promise<Schemas['WithdrawalAddressSaved']> {
        const { userId } = signedInAccount(request);
        const { type, network, address, twoFactorCode } = request.body;
        const label = request.body.label.trim();
        if (label === '') throw new HttpError(400, 'label is required');
        // The same checks as a withdrawal's, with the same words: an address saved is one that can be paid.
        if (!coinNetworks[type].includes(network)) {
          throw new HttpError(400, `network must be one of ${coinNetworks[type].join(', ')} for ${type}`);
        }
        const problem = addressProblem(network, address);
        if (problem) throw new HttpError(400, problem);

        const holder = await holderOf(userId);
        const secondFactor = holder.twoFactorSecret ? holder : null;
        const code = twoFactorCode ?? '';
        if (secondFactor && code === '') throw new HttpError(403, addressCodeNeededMessage);
        // Only a wrong code counts: a right one for an address already saved is no failed sign-in.
        const attempt = codeAttempt(
          secrets,
          secondFactor ? await failedSignIns.begin(request, holder.email) : null,
        );
        const origin = requestOrigin(request);
        const now = new Date();
        const row = await db
          .transaction(async (tx) => {
            if (secondFactor && !(await attempt.spend(tx, secondFactor, code, { appOnly: true, now }))) {
              throw new HttpError(403, wrongCodeMessage);
            }
            const key = sameAddressKey(address);
            const saved = await savedOnNetwork(tx, userId, network);
            if (saved.some((other) => sameAddressKey(other.address) === key)) {
              throw new HttpError(409, alreadySavedMessage);
            }
            const [inserted] = await tx
              .insert(withdrawalAddresses)
              .values({
                userId,
                type,
                network,
                address,
                label,
                // Saved during a withdrawal pause (after a reset, a change of email, two-factor off),
                // its hold starts when the pause ends: whoever caused the pause cannot have an address
                // of theirs ready the moment it is over.
                usableFrom: new Date(
                  (activePause(holder.withdrawalsPausedUntil, now) ?? now).getTime() + holdMs,
                ),
                createdAt: now,
              })
              .returning();
            if (!inserted) throw new Error('The withdrawal address was not stored');
            await recordActivity(tx, userId, 'withdrawal_address_added', {
              origin,
              detail: `${label}: ${address} (${network})`,
            });
            return inserted;
          })
          .catch((error: unknown) => {
            // Two saves of one address at once: the unique index lets one in.
            if (isUniqueViolation(error, 'withdrawal_addresses_user_network_address_unique')) {
              throw new HttpError(409, alreadySavedMessage);
            }
            throw error;
          })
          .finally(attempt.settle);
        tellOwner.send(
          userId,
          'withdrawal address added',
          origin,
          `"${label}", ${row.address} on ${row.network}`,
        );
        reply.status(201);
        return { msg: 'Address saved', address: savedAddress(row) };
      },
    },

    deleteWithdrawalAddress: {
      async handler(request): Promise<Schemas['Message']> {
        const { userId } = signedInAccount(request);
        const [removed] = await db
          .delete(withdrawalAddresses)
          .where(
            and(eq(withdrawalAddresses.id, request.params.addressId), eq(withdrawalAddresses.userId, userId)),
          )
          .returning();
        if (!removed) throw new HttpError(404, 'Address not found');
        await recordActivity(db, userId, 'withdrawal_address_removed', {
          origin: requestOrigin(request),
          detail: `${removed.label}: ${removed.address} (${removed.network})`,
        });
        return { msg: 'Address removed' };
      },
    },

    setWithdrawalAddressLock: {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      async handler(request): Promise<Schemas['WithdrawalAddressLockState']> {
        const { userId } = signedInAccount(request);
        const { enabled, twoFactorCode } = request.body;
        const origin = requestOrigin(request);
        const state = (lockEnabled: boolean, lockOffAt: Date | null = null) => ({
          msg: lockOffAt
            ? `The lock turns off at ${utcMinute(lockOffAt)}. We mailed you a link to cancel it until then.`
            : lockEnabled
              ? 'Withdrawals may go only to your saved addresses'
              : 'Withdrawals may go to any address',
          lockEnabled,
          lockOffAt: lockOffAt?.toISOString() ?? null,
        });
        const holder = await holderOf(userId);
        const now = new Date();
        const holds = lockHolds(holder, now);
        const waiting = waitingLockOff(holder, now);
        // Asking for the state the lock is already in (or is already turning to) changes nothing.
        if (enabled && holds && !waiting) return state(true);
        if (!enabled && (!holds || waiting)) return state(holds, waiting);

        if (enabled) {
          // On again: a turning off still waiting is cancelled, its mailed link with it.
          await db.transaction(async (tx) => {
            await tx
              .update(users)
              .set({
                withdrawalAddressLock: true,
                withdrawalAddressLockOffAt: null,
                withdrawalAddressLockCancelHash: null,
              })
              .where(eq(users.id, userId));
            await recordActivity(tx, userId, 'withdrawal_address_lock_on', { origin });
          });
          return state(true);
        }

        // Turning it off is what a thief would need first: a code with two-factor on, else the
        // password; then the hold, during which the owner's mail can cancel it.
        const secondFactor = holder.twoFactorSecret ? holder : null;
        const code = twoFactorCode ?? '';
        if (secondFactor && code === '') throw new HttpError(403, lockOffCodeNeededMessage);
        if (!secondFactor && !request.body.password) throw new HttpError(403, lockOffPasswordNeededMessage);
        const counted = await failedSignIns.begin(request, holder.email);
        if (!secondFactor && !(await isPasswordCorrect(holder.passwordHash, request.body.password ?? ''))) {
          throw new HttpError(400, 'password is incorrect');
        }
        const attempt = codeAttempt(secrets, counted);
        const cancelToken = newToken();
        const lockOffAt = new Date(now.getTime() + holdMs);
        const turningOff = await db
          .transaction(async (tx) => {
            if (secondFactor && !(await attempt.spend(tx, secondFactor, code, { appOnly: true, now }))) {
              throw new HttpError(403, wrongCodeMessage);
            }
            const [changed] = await tx
              .update(users)
              .set({
                withdrawalAddressLockOffAt: lockOffAt,
                withdrawalAddressLockCancelHash: hashToken(cancelToken),
              })
              .where(
                and(
                  eq(users.id, userId),
                  eq(users.withdrawalAddressLock, true),
                  sql`${users.withdrawalAddressLockOffAt} IS NULL`,
                ),
              )
              .returning({ id: users.id });
            if (changed) await recordActivity(tx, userId, 'withdrawal_address_lock_off', { origin });
            return changed !== undefined;
          })
          .finally(attempt.settle);
        if (turningOff) {
          tellOwner.send(
            userId,
            'withdrawal address lock off',
            origin,
            `from ${utcMinute(lockOffAt)}`,
            undefined,
            { label: 'Cancel: keep the lock on', href: addressLockCancelLink(config, cancelToken) },
          );
        }
        return lockOffAt <= now ? state(false) : state(true, lockOffAt);
      },
    },

    cancelWithdrawalAddressLockOff: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Schemas['Message']> {
        const now = new Date();
        const tokenHash = hashToken(request.body.token);
        const [holder] = await db
          .select({
            id: users.id,
            lock: users.withdrawalAddressLock,
            lockOffAt: users.withdrawalAddressLockOffAt,
          })
          .from(users)
          .where(eq(users.withdrawalAddressLockCancelHash, tokenHash))
          .limit(1);
        if (!holder) throw new HttpError(400, unknownCancelLinkMessage);
        request.securitySubject = holder.id;
        // Once the hold has ended the lock is off: the link can no longer undo what has happened.
        const [kept] = await db
          .update(users)
          .set({ withdrawalAddressLockOffAt: null, withdrawalAddressLockCancelHash: null })
          .where(
            and(
              eq(users.id, holder.id),
              eq(users.withdrawalAddressLockCancelHash, tokenHash),
              gt(users.withdrawalAddressLockOffAt, now),
            ),
          )
          .returning({ id: users.id });
        if (!kept) throw new HttpError(400, lockAlreadyOffMessage);
        await recordActivity(db, holder.id, 'withdrawal_address_lock_on', { origin: requestOrigin(request) });
        return { msg: 'The lock stays on. Withdrawals may go only to your saved addresses.' };
      },
    },
  } satisfies Operations;
}
