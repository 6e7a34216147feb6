import { and, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { isSealed, type SecretBox } from './sealed-secrets';

const unsealed = (column: typeof users.twoFactorSecret | typeof users.twoFactorPendingSecret) =>
  and(isNotNull(column), not(sql`${column} LIKE 'v1:%'`));

/**
 * Seals, in place, every two-factor secret (and secret waiting for its first code) stored before
 * secrets were sealed: any value without the `v1:` prefix. One transaction, the rows locked until
 * it commits: run at every start (and by `migrate.js`), it seals what an older version wrote and is
 * otherwise a no-op. Answers how many accounts it sealed.
 */
export async function sealUnsealedTwoFactorSecrets(db: Database, secrets: SecretBox): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        secret: users.twoFactorSecret,
        pending: users.twoFactorPendingSecret,
      })
      .from(users)
      .where(or(unsealed(users.twoFactorSecret), unsealed(users.twoFactorPendingSecret)))
      .for('update');
    const sealedOf = (value: string | null, owner: string) =>
      value === null || isSealed(value) ? value : secrets.seal(value, owner);
    for (const row of rows) {
      await tx
        .update(users)
        .set({
          twoFactorSecret: sealedOf(row.secret, row.id),
          twoFactorPendingSecret: sealedOf(row.pending, row.id),
        })
        .where(eq(users.id, row.id));
    }
    return rows.length;
  });
}
