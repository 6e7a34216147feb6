import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import type { deposits, kycRequests, withdrawals } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** The requests an admin reviews: each has the same `status`, `reason`, `resolvedAt`, `reviewedById`. */
type ReviewedTable = typeof deposits | typeof withdrawals | typeof kycRequests;

/** The answer to an admin reviewing a request of their own account. */
export const ownRequestRefused = () =>
  new HttpError(403, 'You cannot review your own request: another admin must.');

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
        review.notOwn ? ne(requests.userId, review.adminId) : undefined,
      ),
    )
    .returning();
  if (resolved) return resolved as Table['$inferSelect'];
  const [existing] = await tx
    .select({ status: requests.status, userId: requests.userId })
    .from(requests)
    .where(eq(requests.id, id));
  if (review.notOwn && existing?.userId === review.adminId) throw ownRequestRefused();
  throw unresolvable(noun, existing?.status);
}

/** The answer to a review of a request that is not there (404) or no longer pending (409). */
export function unresolvable(noun: string, status: string | undefined): HttpError {
  if (status === undefined)
    return new HttpError(404, `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`);
  return new HttpError(409, `This ${noun} is already ${status}`);
}

/** The reviewer's reason for a rejection, trimmed; blank answers 400 (the user is shown it). */
export function rejectionReason(body: { reason: string }): string {
  const reason = body.reason.trim();
  if (reason === '') throw new HttpError(400, 'reason is required');
  return reason;
}
