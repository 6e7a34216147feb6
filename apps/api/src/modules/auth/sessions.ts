import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Database, Tx } from '../../db/database';
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
  /** Two-factor authentication is on (an admin without it may only turn it on). */
  twoFactorEnabled: boolean;
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
export function newSession(
  userId: string,
  times: SessionTimes,
  now = new Date(),
  origin: { userAgent: string; network: string } = { userAgent: '', network: '' },
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + times.SESSION_MAX_HOURS * 3_600_000);
  const row: typeof sessions.$inferInsert = {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    ...origin,
  };
  return { token, expiresAt, row };
}

/**
 * Starts a session. An account has at most `MAX_SESSIONS_PER_USER` live sessions: a sign-in beyond
 * them ends the oldest, so a stolen password cannot pile up sessions unseen. The account's row is
 * locked meanwhile, so sign-ins at once cannot each count before the other's session exists.
 * The session keeps the browser and network it was started from (`origin`), so its owner can tell it
 * apart from their others. Answers how many sessions it ended.
 */
export async function startSession(
  db: Database,
  checks: SessionChecks,
  userId: string,
  config: SessionTimes & Pick<Config, 'MAX_SESSIONS_PER_USER'>,
  now = new Date(),
  origin?: { userAgent: string; network: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date; ended: number }> {
  const { token, expiresAt, row } = newSession(userId, config, now, origin);
  let sessionId = '';
  const ended = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
    const [inserted] = await tx.insert(sessions).values(row).returning({ id: sessions.id });
    sessionId = inserted?.id ?? '';
    const oldest = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(sql`${sessions.createdAt} DESC, ${sessions.id} DESC`)
      .offset(config.MAX_SESSIONS_PER_USER);
    const endedRows = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(sql`${sessions.id} IN ${oldest}`)
      .returning({ id: sessions.id });
    if (endedRows.length > 0) await publishRevocation(tx, { sessions: endedRows.map(({ id }) => id) });
    return endedRows;
  });
  if (ended.length > 0) checks.forget({ sessions: ended.map(({ id }) => id) });
  return { token, sessionId, expiresAt, ended: ended.length };
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
      twoFactorEnabled: sql<boolean>`${users.twoFactorSecret} IS NOT NULL`,
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

/** The channel of `pg_notify` that carries session revocations to every instance. */
export const sessionRevocationsChannel = 'ledgerline_sessions';

/**
 * What a revocation ended, as every instance hears it: sessions by id (a logout, a session signed
 * out by its owner, the oldest beyond the cap); a user's sessions but one, or all (a password change
 * or reset, "sign out everywhere else"); or only what the session check reads of an account changed
 * (two-factor, the new-password mark, the email): its sessions go on, read anew.
 */
export type Revocation =
  | { sessions: string[] }
  | { userId: string; except: string | null }
  | { account: string };

/** Whether a revocation ends this session (an account's change ends none). */
export function revocationEnds(
  revocation: Revocation,
  session: { userId: string; sessionId: string },
): boolean {
  if ('sessions' in revocation) return revocation.sessions.includes(session.sessionId);
  if ('userId' in revocation)
    return revocation.userId === session.userId && revocation.except !== session.sessionId;
  return false;
}

/**
 * Tells every instance, in the caller's transaction (delivered when it commits), so each drops what
 * its session check remembered of those sessions. PostgreSQL's notifications rather than Redis: they
 * are sent only if the revocation commits, and the same database every instance already shares
 * carries them, so a revocation cannot be announced and then rolled back, nor committed and lost.
 */
export async function publishRevocation(db: Database | Tx, revocation: Revocation): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${sessionRevocationsChannel}, ${JSON.stringify(revocation)})`);
}

type CheckedSession = { account: SignedInAccount; checkedAt: number; validUntil: number };
const checkedSessionsLimit = 50_000;

/**
 * Sessions this instance found live in the last moment (`SESSION_CHECK_CACHE_MS`), by token hash. A
 * signed-in page makes several calls at once, and without it each call would wait on the same
 * lookup. A revocation made on any instance reaches every instance's checks at once: the one that
 * made it drops its entries itself, and each instance drops them again when the revocation's
 * notification arrives (`heard`), which is after it committed. An entry never outlives the session's
 * own absolute or idle expiry.
 */
export class SessionChecks {
  readonly #checked = new Map<string, CheckedSession>();

  lookup(tokenHash: string, at: number): SignedInAccount | null {
    const checked = this.#checked.get(tokenHash);
    return checked && checked.checkedAt <= at && at < checked.validUntil ? checked.account : null;
  }

  remember(tokenHash: string, entry: CheckedSession): void {
    if (this.#checked.size >= checkedSessionsLimit) {
      const now = Date.now();
      for (const [key, value] of this.#checked) if (value.validUntil <= now) this.#checked.delete(key);
      if (this.#checked.size >= checkedSessionsLimit) this.#checked.clear();
    }
    this.#checked.set(tokenHash, entry);
  }

  drop(tokenHash: string): void {
    this.#checked.delete(tokenHash);
  }

  /** Drops what a revocation (or an account's change) made stale. */
  forget(revocation: Revocation): void {
    const stale =
      'account' in revocation
        ? (account: SignedInAccount) => account.userId === revocation.account
        : (account: SignedInAccount) => revocationEnds(revocation, account);
    for (const [key, value] of this.#checked) if (stale(value.account)) this.#checked.delete(key);
  }

  /** Drops everything: after a lost notifications connection, revocations may have gone unheard. */
  clear(): void {
    this.#checked.clear();
  }

  /** A notification of `sessionRevocationsChannel`: answers the revocation, once forgotten here. */
  heard(payload: string): Revocation | null {
    let revocation: Revocation;
    try {
      revocation = JSON.parse(payload) as Revocation;
    } catch {
      // Not ours to read; nothing cached can be trusted to be current, so nothing is kept.
      this.clear();
      return null;
    }
    this.forget(revocation);
    return revocation;
  }
}

/**
 * The account of a live session (not revoked, not past its absolute or idle expiry), or null. A
 * request uses the session (its idle expiry moves); `use: false` only checks it (an event stream's
 * heartbeat: an open tab is not activity, so an idle session still ends).
 */
export async function findSignedInAccount(
  db: Database,
  checks: SessionChecks,
  token: string,
  times: SessionCheck,
  now = new Date(),
  { use = true }: { use?: boolean } = {},
): Promise<SignedInAccount | null> {
  const tokenHash = hashToken(token);
  const at = now.getTime();
  const cacheMs = times.SESSION_CHECK_CACHE_MS ?? 0;
  const checked = cacheMs > 0 ? checks.lookup(tokenHash, at) : null;
  if (checked) return checked;

  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const idleMs = times.SESSION_IDLE_MINUTES * 60_000;
  const [row] = await query.execute({ tokenHash, now, idleSince: new Date(at - idleMs) });
  if (!row) {
    checks.drop(tokenHash);
    return null;
  }
  let lastUsedAt = row.lastUsedAt.getTime();
  if (use && at - lastUsedAt > touchIntervalMs) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    lastUsedAt = at;
  }
  const account: SignedInAccount = {
    userId: row.userId,
    sessionId: row.sessionId,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.twoFactorEnabled,
  };
  if (cacheMs > 0) {
    const validUntil = Math.min(at + cacheMs, row.expiresAt.getTime(), lastUsedAt + idleMs);
    checks.remember(tokenHash, { account, checkedAt: at, validUntil });
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
 * `mustChangePassword`; two-factor turned on or off; a new email): every instance's checked sessions
 * of that user are dropped, so their next request reads the account anew. Called once the change is
 * committed, so no request in between can keep the old state.
 */
export async function forgetCheckedAccount(
  db: Database,
  checks: SessionChecks,
  userId: string,
): Promise<void> {
  checks.forget({ account: userId });
  await publishRevocation(db, { account: userId });
}

/** Logout: this session only, on every instance. */
export async function endSession(
  db: Database,
  checks: SessionChecks,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  checks.forget({ sessions: [sessionId] });
  // One statement: the revocation and its notification commit together.
  await db.execute(sql`
    WITH ended AS (
      UPDATE ${sessions} SET revoked_at = ${now}
      WHERE ${sessions.id} = ${sessionId} AND ${sessions.revokedAt} IS NULL
      RETURNING id
    )
    SELECT pg_notify(${sessionRevocationsChannel}, ${JSON.stringify({ sessions: [sessionId] })}) FROM ended`);
  checks.forget({ sessions: [sessionId] });
}

/**
 * After a password change (keeping the session that made it) or a reset (keeping none): whoever
 * knew the old password is signed out everywhere, on every instance. Answers how many sessions it
 * ended.
 */
export async function endOtherSessions(
  db: Database | Tx,
  checks: SessionChecks,
  userId: string,
  keepSessionId: string | null,
  now = new Date(),
): Promise<number> {
  const revocation: Revocation = { userId, except: keepSessionId };
  checks.forget(revocation);
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
  if (ended.length > 0) await publishRevocation(db, revocation);
  return ended.length;
}

/** Deletes sessions that can no longer be used, so the table holds live sessions only. */
export async function deleteEndedSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
