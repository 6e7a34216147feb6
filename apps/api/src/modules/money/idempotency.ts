import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** What an operation answers: replayed as it was when the same request is sent again. */
export type Answer<Body> = { statusCode: number; body: Body };

export type IdempotencyScope = {
  userId: string;
  operation: string;
  /** The `Idempotency-Key` header, or undefined when the client sent none. */
  key: string | undefined;
  /** A digest of everything the request asks for: the same key with another request is refused. */
  requestHash: string;
};

/** The client's `Idempotency-Key` header (the contract already checked its form). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
}

/** A stable digest of a request's meaning: field order does not matter, values do. */
export function requestDigest(fields: Record<string, unknown>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/**
 * Runs `work` in one transaction, at most once per key: the answer is stored with the key in that
 * same transaction, so the money moves and the key is spent together, or neither. A retry with the
 * same key and request answers the stored answer (`replayed: true`) and moves nothing; the same key
 * with another request answers 422. Requests racing with one key run one at a time (a lock on the
 * key for the transaction): a later one finds the earlier one's answer once that has committed, and
 * replays it without running the work again, which would see the money the first one moved and
 * could answer otherwise (a 400 for a balance the first one spent).
 * Failures (4xx) are not stored: fixing the request and retrying with the same key works.
 */
export async function idempotent<Body>(
  db: Database,
  scope: IdempotencyScope,
  work: (tx: Tx) => Promise<Answer<Body>>,
): Promise<Answer<Body> & { replayed: boolean }> {
  const { key } = scope;
  if (key === undefined) return { ...(await db.transaction(work)), replayed: false };

  const stored = await storedAnswer<Body>(db, scope, key);
  if (stored) return stored;
  try {
    const answer = await db.transaction(async (tx): Promise<Answer<Body> & { replayed: boolean }> => {
      // One request per key at a time; the one that waited replays the answer stored meanwhile.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`idempotency:${scope.userId}:${scope.operation}:${key}`}, 0))`,
      );
      const raced = await storedAnswer<Body>(tx, scope, key);
      if (raced) return raced;
      const made = await work(tx);
      await tx.insert(idempotencyKeys).values({
        userId: scope.userId,
        operation: scope.operation,
        key,
        requestHash: scope.requestHash,
        statusCode: made.statusCode,
        response: made.body as object,
      });
      return { ...made, replayed: false };
    });
    return answer;
  } catch (error) {
    if (!isUniqueViolation(error, 'idempotency_keys_unique')) throw error;
    const raced = await storedAnswer<Body>(db, scope, key);
    if (!raced) throw error;
    return raced;
  }
}

async function storedAnswer<Body>(
  db: Database | Tx,
  scope: IdempotencyScope,
  key: string,
): Promise<(Answer<Body> & { replayed: true }) | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, scope.userId),
        eq(idempotencyKeys.operation, scope.operation),
        eq(idempotencyKeys.key, key),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== scope.requestHash) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
  }
  return { statusCode: row.statusCode, body: row.response as Body, replayed: true };
}
