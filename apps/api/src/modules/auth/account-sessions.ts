import type { components } from '@ledgerline/api-client/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { activityLog, sessions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import { logSessionsRevoked } from '../../http/security-events';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { endOtherSessions, endSession, signedInAccount } from './sessions';
import { describeUserAgent, requestOrigin } from './user-agent';

type Schemas = components['schemas'];

/**
 * Profile → Security: the account's live sessions (named by browser, system and network, "this
 * device" marked), signing one or all the others out, and the account's own activity log. Nothing of
 * another account is ever visible: another's session answers 404, as one that does not exist.
 */
export function accountSecurityOperations({ config, db, sessionChecks }: Services) {
  return {
    listSessions: {
      async handler(request): Promise<Schemas['SessionInfo'][]> {
        const account = signedInAccount(request);
        const now = new Date();
        const idleSince = new Date(now.getTime() - config.SESSION_IDLE_MINUTES * 60_000);
        const rows = await db
          .select()
          .from(sessions)
          .where(
            and(
              eq(sessions.userId, account.userId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, now),
              gt(sessions.lastUsedAt, idleSince),
            ),
          )
          .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
        return rows.map((row) => ({
          _id: row.id,
          ...describeUserAgent(row.userAgent),
          address: row.network || 'Unknown network',
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          current: row.id === account.sessionId,
        }));
      },
    },

    revokeSession: {
      async handler(request): Promise<Schemas['Message']> {
        const account = signedInAccount(request);
        const { sessionId } = request.params;
        const [session] = await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(eq(sessions.id, sessionId), eq(sessions.userId, account.userId), isNull(sessions.revokedAt)),
          );
        if (!session) throw new HttpError(404, 'Session not found');
        await endSession(db, sessionChecks, session.id);
        logSessionsRevoked(request, account.userId, 'signed out by its owner', 1);
        await recordActivity(db, account.userId, 'session_revoked', { origin: requestOrigin(request) });
        return { msg: 'Session signed out' };
      },
    },

    revokeOtherSessions: {
      async handler(request): Promise<Schemas['SessionsRevoked']> {
        const account = signedInAccount(request);
        const revoked = await endOtherSessions(db, sessionChecks, account.userId, account.sessionId);
        logSessionsRevoked(request, account.userId, 'signed out everywhere else', revoked);
        if (revoked > 0) {
          await recordActivity(db, account.userId, 'session_revoked', {
            origin: requestOrigin(request),
            detail: `${revoked} other ${revoked === 1 ? 'session' : 'sessions'}`,
          });
        }
        return {
          msg:
            revoked === 0
              ? 'No other session was signed in'
              : `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}`,
          revoked,
        };
      },
    },

    listActivity: {
      async handler(request): Promise<Schemas['ActivityPage']> {
        const { userId } = signedInAccount(request);
        return keysetPage({
          query: request.query,
          keys: activityLog,
          filters: [eq(activityLog.userId, userId)],
          read: ({ where, orderBy, limit }) =>
            db
              .select()
              .from(activityLog)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: (row) => row,
          toItem: (row) => {
            const named = row.userAgent === null ? null : describeUserAgent(row.userAgent);
            return {
              _id: row.id,
              kind: row.kind as Schemas['ActivityKind'],
              createdAt: row.createdAt.toISOString(),
              browser: named?.browser ?? null,
              system: named?.system ?? null,
              address: row.network,
              detail: row.detail,
            };
          },
        });
      },
    },
  } satisfies Operations;
}
