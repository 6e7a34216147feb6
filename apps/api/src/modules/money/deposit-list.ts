import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import { deposits, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { depositTransaction, optionalUserRef, userRef } from './views';

type AdminDeposit = components['schemas']['AdminDeposit'];
type AdminDepositPage = components['schemas']['AdminDepositPage'];

export const reviewer = alias(users, 'reviewer');

/** Deposits with their user and reviewer, as the back office lists them. */
export function adminDepositQuery(db: Database | Tx) {
  return db
    .select({
      deposit: deposits,
      user: { id: users.id, fullname: users.fullname, email: users.email },
      reviewer: { id: reviewer.id, fullname: reviewer.fullname, email: reviewer.email },
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(reviewer, eq(reviewer.id, deposits.reviewedById));
}

export type AdminDepositRow = Awaited<ReturnType<ReturnType<typeof adminDepositQuery>['execute']>>[number];

export function adminDeposit(row: AdminDepositRow): AdminDeposit {
  return {
    ...depositTransaction(row.deposit),
    user: userRef(row.user),
    receipt: `/files/${row.deposit.receiptId}`,
    reviewedBy: optionalUserRef(row.reviewer),
  };
}

/** A deposit as it stands after its review, read in the reviewing transaction. */
export async function reviewedDeposit(tx: Tx, depositId: string): Promise<AdminDeposit> {
  const [row] = await adminDepositQuery(tx).where(eq(deposits.id, depositId));
  if (!row) throw new Error('The reviewed deposit vanished');
  return adminDeposit(row);
}

/** `GET /admin/deposits`: the back office's deposit queue, newest first, filtered and paged. */
export function depositListOperations({ db }: Services) {
  return {
    adminListDeposits: {
      async handler(request): Promise<AdminDepositPage> {
        const { query } = request;
        return keysetPage({
          query,
          keys: deposits,
          filters: [
            query.status ? eq(deposits.status, query.status) : undefined,
            query.type ? eq(deposits.type, query.type) : undefined,
            query.userId ? eq(deposits.userId, query.userId) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            adminDepositQuery(db)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: ({ deposit }) => deposit,
          toItem: adminDeposit,
        });
      },
    },
  } satisfies Operations;
}
