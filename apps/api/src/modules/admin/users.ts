import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber, usdNumberToCents } from '@ledgerline/rules/usd';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { raiseEvent } from '../events/live-events';
import { accountBalanceSql, lockUser } from '../ledger/balances';
import { refuseBelowZero, refuseOwnAccount } from '../ledger/guards';
import { postJournal } from '../ledger/postings';
import { formatUsdForPeople } from '../money/amounts';
import { idempotencyKeyOf, idempotent, requestDigest } from '../money/idempotency';
import { newRef } from '../money/refs';
import { journalTransaction, userRef } from '../money/views';
import { accountFigures } from '../users/account-figures';
import { notificationView } from '../users/notification-view';
import { userLedgerPage } from './user-ledger';

type AdminUserPage = components['schemas']['AdminUserPage'];
type AdminList = components['schemas']['AdminList'];
type AdminUser = components['schemas']['AdminUser'];
type LedgerEntryPage = components['schemas']['LedgerEntryPage'];
type TransactionCreated = components['schemas']['TransactionCreated'];
type NotificationSaved = components['schemas']['NotificationSaved'];

/** The platform account on the other side of each kind an admin may post. */
const counterAccount = { profit: 'profit_paid', bonus: 'bonus_paid', adjustment: 'adjustments' } as const;
const refPrefix = { profit: 'PRF', bonus: 'BON', adjustment: 'ADJ' } as const;

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function adminUserOperations({ db, metrics }: Services) {
  async function requireUser(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  }

  return {
    adminListUsers: {
      async handler(request): Promise<AdminUserPage> {
        const { query } = request;
        const q = query.q?.trim();
        return keysetPage({
          query,
          keys: users,
          filters: [
            q ? or(ilike(users.email, likePattern(q)), ilike(users.fullname, likePattern(q))) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            db
              .select({
                id: users.id,
                fullname: users.fullname,
                email: users.email,
                role: users.role,
                emailVerifiedAt: users.emailVerifiedAt,
                createdAt: users.createdAt,
                available: accountBalanceSql(sql`"users"."id"`, 'available'),
                held: accountBalanceSql(sql`"users"."id"`, 'held'),
              })
              .from(users)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: (row) => row,
          toItem: (row) => ({
            _id: row.id,
            fullname: row.fullname,
            email: row.email,
            role: row.role,
            emailVerified: row.emailVerifiedAt !== null,
            createdAt: row.createdAt.toISOString(),
            totalBalance: centsToUsdNumber(Number(row.available) + Number(row.held)),
            availableBalance: centsToUsdNumber(Number(row.available)),
          }),
        });
      },
    },

    adminListAdmins: {
      async handler(): Promise<AdminList> {
        const admins = await db
          .select({ id: users.id, fullname: users.fullname, email: users.email })
          .from(users)
          .where(eq(users.role, 'admin'))
          // By name as people sort them, whatever its case ("Adam", "ledgerline admin", "Zoe").
          .orderBy(asc(sql`lower(${users.fullname})`), asc(users.email));
        return { items: admins.map(userRef) };
      },
    },

    adminGetUser: {
      async handler(request): Promise<AdminUser> {
        const { userId } = request.params;
        const user = await requireUser(userId);
        const referrer = alias(users, 'referrer');
        const [referredBy] = user.referredById
          ? await db
              .select({ id: referrer.id, fullname: referrer.fullname, email: referrer.email })
              .from(referrer)
              .where(eq(referrer.id, user.referredById))
          : [];
        const [notification] = await db.select().from(notifications).where(eq(notifications.userId, userId));
        const figures = await accountFigures(db, userId);
        return {
          user: {
            _id: user.id,
            fullname: user.fullname,
            email: user.email,
            phone: user.phone,
            address: user.address,
            country: user.country,
            maritalStatus: user.maritalStatus,
            gender: user.gender,
            investmentGoal: user.investmentGoal,
            activityLogStatus: user.activityLogStatus,
            role: user.role,
            emailVerified: user.emailVerifiedAt !== null,
            referralCode: user.referralCode,
            referredBy: referredBy ? userRef(referredBy) : null,
            ...figures,
            notification: notification ? notificationView(notification) : null,
            createdAt: user.createdAt.toISOString(),
          },
        };
      },
    },

    adminListLedgerEntries: {
      async handler(request): Promise<LedgerEntryPage> {
        const { userId } = request.params;
        await requireUser(userId);
        return userLedgerPage(db, userId, request.query);
      },
    },

    adminPostLedgerEntry: {
      async handler(request, reply): Promise<TransactionCreated> {
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
        await requireUser(userId);
        const answer = await idempotent<TransactionCreated>(
          db,
          {
            userId: admin.userId,
            operation: `adminPostLedgerEntry:${userId}`,
            key: idempotencyKeyOf(request),
            requestHash: requestDigest({ userId, kind: body.kind, amountCents, memo }),
          },
          async (tx) => {
            await lockUser(tx, userId);
            await refuseBelowZero(
              tx,
              userId,
              amountCents,
              (available) =>
                `amount would take the available balance below zero (available: ${formatUsdForPeople(available)})`,
            );
            const ref = newRef(refPrefix[body.kind]);
            const journal = await postJournal(tx, {
              kind: body.kind,
              userId,
              ref,
              memo,
              createdById: admin.userId,
              postings: [
                { account: 'available', userId, amountCents },
                { account: counterAccount[body.kind], amountCents: -amountCents },
              ],
            });
            await recordAudit(tx, {
              actorId: admin.userId,
              action: 'ledger.post',
              targetType: 'user',
              targetId: userId,
              reason: memo,
              details: { kind: body.kind, amount: centsToUsdNumber(amountCents), ref, journalId: journal.id },
            });
            await raiseEvent(tx, userId, {
              type: 'ledger.posted',
              kind: body.kind,
              amount: centsToUsdNumber(amountCents),
            });
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
        if (!answer.replayed) metrics.ledgerPostings.inc({ kind: body.kind });
        reply.status(answer.statusCode);
        return answer.body;
      },
    },

    adminSetNotification: {
      async handler(request): Promise<NotificationSaved> {
        const admin = signedInAccount(request);
        const { userId } = request.params;
        const body = request.body;
        await requireUser(userId);
        const saved = await db.transaction(async (tx) => {
          const [previous] = await tx.select().from(notifications).where(eq(notifications.userId, userId));
          const values = {
            title: body.title.trim() || body.title,
            content: body.content,
            persistent: body.persistent,
            // A new notification always starts unseen.
            seen: false,
            updatedAt: new Date(),
          };
          const [row] = await tx
            .insert(notifications)
            .values({ userId, ...values })
            .onConflictDoUpdate({ target: notifications.userId, set: values })
            .returning();
          if (!row) throw new Error('The notification was not stored');
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'notification.set',
            targetType: 'user',
            targetId: userId,
            details: {
              title: row.title,
              persistent: row.persistent,
              previous: previous ? { title: previous.title, seen: previous.seen } : null,
            },
          });
          await raiseEvent(tx, userId, { type: 'notification.changed' });
          return row;
        });
        return {
          msg: 'Notification saved',
          notification: notificationView(saved),
        };
      },
    },
  } satisfies Operations;
}
