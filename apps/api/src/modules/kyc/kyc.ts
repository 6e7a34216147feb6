import type { components, operations } from '@ledgerline/api-client/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { kycRequests, users } from '../../db/schema';
import { type AccountLimit, countAccountRequest } from '../../http/account-limits';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { type SignedInAccount, signedInAccount } from '../auth/sessions';
import { raiseEvent, raiseQueueChanged } from '../events/live-events';
import { readImageForm, saveUpload } from '../files/uploads';
import { outcomeMailer } from '../money/outcome-mail';
import { rejectionReason, resolveOnce } from '../reviews/reviews';

type KycRecord = components['schemas']['KycRecord'];
type AdminKyc = components['schemas']['AdminKyc'];
type AdminKycPage = components['schemas']['AdminKycPage'];
type KycCreated = operations['submitKyc']['responses'][201]['content']['application/json'];
type KycReviewed = operations['adminApproveKyc']['responses'][200]['content']['application/json'];
type KycSubmission = Pick<components['schemas']['KycSubmission'], 'document'>;

type KycRow = typeof kycRequests.$inferSelect;

/** Identity documents one account may send in 15 minutes, from any number of addresses. */
const submissionsPerAccount: AccountLimit = { name: 'kyc', max: 10, windowMs: 15 * 60 * 1000 };

/** A request that blocks a new one: one awaiting review, or one approved (identity is verified). */
const openStatuses = ['pending', 'approved'] as const;

function openRequestConflict(status: KycRow['status'] | undefined): HttpError {
  return new HttpError(
    409,
    status === 'approved' ? 'Your identity is already verified' : 'A KYC request is already awaiting review',
  );
}

function toKycRecord(row: KycRow): KycRecord {
  return {
    _id: row.id,
    document: row.document,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

const reviewers = alias(users, 'reviewers');

/** KYC requests with their user and reviewer, as the back office lists them (newest first). */
function adminKycQuery(db: Pick<Database, 'select'>, conditions: SQL[], limit: number) {
  return db
    .select({
      request: kycRequests,
      user: { _id: users.id, fullname: users.fullname, email: users.email },
      reviewer: { _id: reviewers.id, fullname: reviewers.fullname, email: reviewers.email },
    })
    .from(kycRequests)
    .innerJoin(users, eq(users.id, kycRequests.userId))
    .leftJoin(reviewers, eq(reviewers.id, kycRequests.reviewedById))
    .where(and(...conditions))
    .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id))
    .limit(limit);
}

type AdminKycRow = Awaited<ReturnType<typeof adminKycQuery>>[number];

function toAdminKyc({ request, user, reviewer }: AdminKycRow): AdminKyc {
  return {
    ...toKycRecord(request),
    user,
    image: `/files/${request.imageId}`,
    reviewedBy: reviewer,
  };
}

export function kycOperations(services: Services) {
  const { db, attempts, storage, metrics } = services;
  const tellOwner = outcomeMailer(services);
  /** The user's request that blocks a new one, if any. */
  async function openRequest(userId: string) {
    const [open] = await db
      .select({ status: kycRequests.status })
      .from(kycRequests)
      .where(and(eq(kycRequests.userId, userId), inArray(kycRequests.status, [...openStatuses])))
      .limit(1);
    return open;
  }

  /**
   * Resolves a pending request at most once: the update only matches while the request is pending,
   * so of concurrent reviews (two admins, a double click, a retry) exactly one changes it, and only
   * that one writes the audit record, in the same transaction.
   */
  async function review(
    admin: SignedInAccount,
    kycId: string,
    decision: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<AdminKyc> {
    const resolvedId = await db.transaction(async (tx) => {
      const resolved = await resolveOnce(
        tx,
        kycRequests,
        kycId,
        { adminId: admin.userId, status: decision, reason },
        'KYC request',
      );
      await recordAudit(tx, {
        actorId: admin.userId,
        action: decision === 'approved' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'kyc',
        targetId: resolved.id,
        reason,
        details: { userId: resolved.userId, document: resolved.document },
      });
      await raiseEvent(tx, resolved.userId, {
        type: 'kyc.reviewed',
        kycId: resolved.id,
        status: decision,
        reason,
      });
      await raiseQueueChanged(tx, 'kyc', resolved.id, decision, admin.userId);
      return resolved.id;
    });
    metrics.reviews.inc({ kind: 'kyc', outcome: decision });
    const [row] = await adminKycQuery(db, [eq(kycRequests.id, resolvedId)], 1);
    if (!row) throw new Error(`KYC request ${resolvedId} vanished after its review`);
    const kyc = toAdminKyc(row);
    tellOwner.kyc(kyc);
    return kyc;
  }

  return {
    listKyc: {
      async handler(request): Promise<KycRecord[]> {
        const { userId } = signedInAccount(request);
        const rows = await db
          .select()
          .from(kycRequests)
          .where(eq(kycRequests.userId, userId))
          .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id));
        return rows.map(toKycRecord);
      },
    },

    submitKyc: {
      // Uploads are limited per client address (the contract's rate limits) and per account;
      // identity documents are sent a handful of times in an account's life.
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request, reply): Promise<KycCreated> {
        const { userId } = signedInAccount(request);
        await countAccountRequest(attempts, submissionsPerAccount, request, userId);
        const { fields, image } = await readImageForm(request);
        const { document } = fields as KycSubmission;

        // Answered before anything is written; the unique index below settles concurrent submits.
        const open = await openRequest(userId);
        if (open) throw openRequestConflict(open.status);

        let saved: Awaited<ReturnType<typeof saveUpload>> | undefined;
        try {
          const created = await db.transaction(async (tx) => {
            saved = await saveUpload(tx, storage, { ownerId: userId, kind: 'kyc', image });
            const [row] = await tx
              .insert(kycRequests)
              .values({ userId, document, imageId: saved.id })
              .returning();
            if (!row) throw new Error('The KYC request was not stored');
            await raiseQueueChanged(tx, 'kyc', row.id, 'created', null);
            return row;
          });
          reply.status(201);
          return { msg: 'KYC request sent and awaiting review', kyc: toKycRecord(created) };
        } catch (error) {
          // The upload's row went with the transaction; its file goes too.
          await saved?.discard();
          if (isUniqueViolation(error, 'kyc_requests_one_open')) {
            throw openRequestConflict((await openRequest(userId))?.status);
          }
          throw error;
        }
      },
    },

    adminListKyc: {
      async handler(request): Promise<AdminKycPage> {
        const { query } = request;
        return keysetPage({
          query,
          keys: kycRequests,
          filters: [
            query.status ? eq(kycRequests.status, query.status) : undefined,
            query.userId ? eq(kycRequests.userId, query.userId) : undefined,
          ],
          // adminKycQuery orders newest first itself, as the page asks.
          read: ({ where, limit }) => adminKycQuery(db, where ? [where] : [], limit),
          keyOf: ({ request }) => request,
          toItem: toAdminKyc,
        });
      },
    },

    adminApproveKyc: {
      async handler(request): Promise<KycReviewed> {
        return {
          msg: 'KYC approved',
          kyc: await review(signedInAccount(request), request.params.kycId, 'approved', null),
        };
      },
    },

    adminRejectKyc: {
      async handler(request): Promise<KycReviewed> {
        return {
          msg: 'KYC rejected',
          kyc: await review(
            signedInAccount(request),
            request.params.kycId,
            'rejected',
            rejectionReason(request.body),
          ),
        };
      },
    },
  } satisfies Operations;
}
