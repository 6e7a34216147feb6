import type { components } from '@ledgerline/api-client/contract';
import { sanitizeNotificationHtml } from '@ledgerline/rules/notification-html';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { raiseEvent } from '../events/live-events';
import { accountBalanceSql } from '../ledger/balances';
import { userRef } from '../money/views';
import { stepUpCodes } from '../step-up/step-up';
import { accountFigures } from '../users/account-figures';
import { notificationView } from '../users/notification-view';
import { userLedgerPage } from './user-ledger';

type AdminUserPage = components['schemas']['AdminUserPage'];
type AdminUser = components['schemas']['AdminUser'];
type LedgerEntryPage = components['schemas']['LedgerEntryPage'];
type NotificationSaved = components['schemas']['NotificationSaved'];

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function adminUserOperations(services: Services) {
  const { db } = services;
  const requireStepUpCode = stepUpCodes(services);
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

    adminSetNotification: {
      async handler(request): Promise<NotificationSaved> {
        const admin = signedInAccount(request);
        const { userId } = request.params;
        const body = request.body;
        // Stored as it will be shown: sanitised to formatting and safe links by the site's own
        // sanitiser, so no client ever receives more, whatever displays it.
        const content = sanitizeNotificationHtml(body.content);
        if (content.trim() === '') {
          throw new HttpError(
            400,
            'content has nothing left once sanitised: only formatting and links are kept',
          );
        }
        await requireUser(userId);
        const saved = await db.transaction(async (tx) => {
          // What a user reads in the company's name could send them anywhere: a fresh code, spent
          // only if the notification is saved.
          await requireStepUpCode(request, body.twoFactorCode, tx);
          const [previous] = await tx.select().from(notifications).where(eq(notifications.userId, userId));
          const values = {
            title: body.title.trim() || body.title,
            content,
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
            // What the user was shown, as stored: the sanitised content, and the one it replaced.
            details: {
              title: row.title,
              content: row.content,
              persistent: row.persistent,
              previous: previous
                ? { title: previous.title, content: previous.content, seen: previous.seen }
                : null,
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
