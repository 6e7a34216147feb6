import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { hashToken, newToken } from './tokens';

/** The account a request was made by, once its bearer token is accepted. */
export type SignedInAccount = {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
  /** The account must choose a new password before anything else (the admin generated at start). */
  mustChangePassword: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `bearerAuth` security handler on operations that need a session. */
    account: SignedInAccount | null;
  }
}

type SessionTimes = Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS'>;
type SessionCheck = SessionTimes & Partial<Pick<Config, 'SESSION_CHECK_CACHE_MS'>>;

export const sessionEndedMessage = 'Your session has ended. Please sign in again.';

/**
 * Using a session moves its idle expiry; writing that on every request would make every read a
 * write, so `lastUsedAt` is refreshed at most once a minute (the idle limit is in minutes).
 */
const touchIntervalMs = 60_000;

/** A new session: the opaque token for the client, and the row to store (with only its hash). */
export function newSession(userId: string, times: SessionTimes, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + times.SESSION_MAX_HOURS * 3_600_000);
  const row: typeof sessions.$inferInsert = {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  };
  return { token, expiresAt, row };
}

/** Starts a session: a new opaque token, of which only the hash is stored. */
/**
 * Starts a session. An account has at most `MAX_SESSIONS_PER_USER` live sessions: a sign-in beyond
 * them ends the oldest, so a stolen password cannot pile up sessions unseen. The account's row is
 * locked meanwhile, so sign-ins at once cannot each count before the other's session exists.
 * Answers how many sessions it ended.
 */
export async function startSession(
  db: Database,
  userId: string,
  config: SessionTimes & Pick<Config, 'MAX_SESSIONS_PER_USER'>,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; ended: number }> {
  const { token, expiresAt, row } = newSession(userId, config, now);
  const ended = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
    await tx.insert(sessions).values(row);
    const oldest = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(sql`${sessions.createdAt} DESC, ${sessions.id} DESC`)
      .offset(config.MAX_SESSIONS_PER_USER);
    return tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(sql`${sessions.id} IN ${oldest}`)
      .returning({ id: sessions.id });
  });
  const endedIds = new Set(ended.map(({ id }) => id));
  if (endedIds.size > 0) forgetSessions((account) => endedIds.has(account.sessionId));
  return { token, expiresAt, ended: endedIds.size };
}

/**
 * The bearer token of a request. Only the Authorization header carries credentials: never a cookie
 * (no cross-site request can forge a header) and never `?token=` (URLs end up in logs and history).
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The session check runs before every signed-in request: one named prepared statement per database
 * handle, so neither the query builder nor PostgreSQL's planner redo the same work on each request.
 */
const liveSessionQueries = new WeakMap<Database, ReturnType<typeof prepareLiveSessionQuery>>();

function prepareLiveSessionQuery(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

/**
 * Sessions this process found live in the last moment (`SESSION_CHECK_CACHE_MS`), by token hash. A
 * signed-in page makes several calls at once, and without it each call would wait on the same
 * lookup. Logout and password changes made in this process drop their entries at once (a password
 * change its own session's too, whose account it changed); made by another process, they take effect
 * within that time. An entry never outlives the session's own
 * absolute or idle expiry.
 */
type CheckedSession = { account: SignedInAccount; checkedAt: number; validUntil: number };
const checkedSessions = new Map<string, CheckedSession>();
const checkedSessionsLimit = 50_000;

function rememberSession(tokenHash: string, entry: CheckedSession) {
  if (checkedSessions.size >= checkedSessionsLimit) {
    const now = Date.now();
    for (const [key, value] of checkedSessions) if (value.validUntil <= now) checkedSessions.delete(key);
    if (checkedSessions.size >= checkedSessionsLimit) checkedSessions.clear();
  }
  checkedSessions.set(tokenHash, entry);
}

/** Drops this process's checked sessions that a revocation ended: one session, or a user's others. */
function forgetSessions(match: (account: SignedInAccount) => boolean) {
  for (const [key, value] of checkedSessions) if (match(value.account)) checkedSessions.delete(key);
}

/** The account of a live session (not revoked, not past its absolute or idle expiry), or null. */
export async function findSignedInAccount(
  db: Database,
  token: string,
  times: SessionCheck,
  now = new Date(),
): Promise<SignedInAccount | null> {
  const tokenHash = hashToken(token);
  const at = now.getTime();
  const cacheMs = times.SESSION_CHECK_CACHE_MS ?? 0;
  const checked = cacheMs > 0 ? checkedSessions.get(tokenHash) : undefined;
  if (checked && checked.checkedAt <= at && at < checked.validUntil) return checked.account;

  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const idleMs = times.SESSION_IDLE_MINUTES * 60_000;
  const [row] = await query.execute({ tokenHash, now, idleSince: new Date(at - idleMs) });
  if (!row) {
    checkedSessions.delete(tokenHash);
    return null;
  }
  let lastUsedAt = row.lastUsedAt.getTime();
  if (at - lastUsedAt > touchIntervalMs) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    lastUsedAt = at;
  }
  const account: SignedInAccount = {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
  };
  if (cacheMs > 0) {
    const validUntil = Math.min(at + cacheMs, row.expiresAt.getTime(), lastUsedAt + idleMs);
    rememberSession(tokenHash, { account, checkedAt: at, validUntil });
  }
  return account;
}

/** The signed-in account of a request that passed `bearerAuth`. */
export function signedInAccount(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new HttpError(401, sessionEndedMessage);
  return request.account;
}

/**
 * After a change to what the session check reads of an account (a password change or reset clears
 * `mustChangePassword`): this process's checked sessions of that user are dropped, so its next request
 * reads the account anew. Called once the change is committed, so no request in between can keep
 * the old state.
 */
export function forgetCheckedAccount(userId: string): void {
  forgetSessions((account) => account.userId === userId);
}

/** Logout: this session only. */
export async function endSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  forgetSessions((account) => account.sessionId === sessionId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * After a password change (keeping the session that made it) or a reset (keeping none): whoever
 * knew the old password is signed out everywhere. Answers how many sessions it ended.
 */
export async function endOtherSessions(
  db: Database,
  userId: string,
  keepSessionId: string | null,
  now = new Date(),
): Promise<number> {
  forgetSessions((account) => account.userId === userId && account.sessionId !== keepSessionId);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Deletes sessions that can no longer be used, so the table holds live sessions only. */
export async function deleteEndedSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
