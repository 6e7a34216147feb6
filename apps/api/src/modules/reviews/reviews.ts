import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import { type deposits, type kycRequests, users, type withdrawals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { isOwnAccount, notOwnAccount, ownAccountRefused } from '../ledger/guards';

/** The requests an admin reviews: each has the same `status`, `reason`, `resolvedAt`, `reviewedById`. */
type ReviewedTable = typeof deposits | typeof withdrawals | typeof kycRequests;

/**
 * Resolves a pending request at most once: one conditional UPDATE decides, so of any number of
 * concurrent or repeated reviews exactly one changes the row. The others find it resolved (409), or
 * not there at all (404). `noun` names the request in those answers ("deposit", "KYC request").
 * With `notOwn`, a request of the reviewing admin's own account is not theirs to resolve (403): the
 * condition is part of the same UPDATE, so it holds whatever else runs at the same time.
 */
export async function resolveOnce<Table extends ReviewedTable>(
  tx: Tx,
  table: Table,
  id: string,
  review: { adminId: string; status: 'approved' | 'rejected'; reason: string | null; notOwn?: boolean },
  noun: string,
): Promise<Table['$inferSelect']> {
  // One table's type for the query builder: the review columns are declared alike in all three.
  const requests = table as unknown as typeof deposits;
  const [resolved] = await tx
    .update(requests)
    .set({
      status: review.status,
      reason: review.reason,
      resolvedAt: sql`now()`,
      reviewedById: review.adminId,
    })
    .where(
      and(
        eq(requests.id, id),
        eq(requests.status, 'pending'),
        review.notOwn ? notOwnAccount(requests.userId, review.adminId) : undefined,
      ),
    )
    .returning();
  if (resolved) return resolved as Table['$inferSelect'];
  throw await unresolvable(tx, table, id, noun, review.notOwn ? review.adminId : undefined);
}

const resolver = alias(users, 'resolver');

/**
 * The answer to a review of a request that is not there (404), of the reviewing admin's own account
 * when `reviewerId` is given (403: another admin must review it, whatever its state), or no longer
 * pending (409). The 409 says who resolved it and when, "Already approved by Ada Admin at 2026-11-25
 * 10:31 UTC", so the admin who came second knows it was handled, and by whom, rather than that
 * something failed.
 */
export async function unresolvable(
  db: Database | Tx,
  table: ReviewedTable,
  id: string,
  noun: string,
  reviewerId?: string,
): Promise<HttpError> {
  const requests = table as unknown as typeof deposits;
  const [existing] = await db
    .select({
      userId: requests.userId,
      status: requests.status,
      resolvedAt: requests.resolvedAt,
      by: resolver.fullname,
    })
    .from(requests)
    .leftJoin(resolver, eq(resolver.id, requests.reviewedById))
    .where(eq(requests.id, id));
  if (!existing) return new HttpError(404, `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`);
  if (reviewerId !== undefined && isOwnAccount(reviewerId, existing.userId))
    return ownAccountRefused('review');
  return new HttpError(409, alreadyResolvedMessage(existing));
}

/**
 * "Already rejected by Ada Admin at 2026-11-25 10:31 UTC": who and when, each when known. A withdrawal
 * its owner cancelled has no reviewer: "Already cancelled by its owner at …".
 */
export function alreadyResolvedMessage(request: {
  status: string;
  resolvedAt: Date | null;
  by: string | null;
}): string {
  const by = request.by ? ` by ${request.by}` : request.status === 'cancelled' ? ' by its owner' : '';
  const at = request.resolvedAt
    ? ` at ${request.resolvedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : '';
  return `Already ${request.status}${by}${at}`;
}

/** The reviewer's reason for a rejection, trimmed; blank answers 400 (the user is shown it). */
export function rejectionReason(body: { reason: string }): string {
  const reason = body.reason.trim();
  if (reason === '') throw new HttpError(400, 'reason is required');
  return reason;
}
