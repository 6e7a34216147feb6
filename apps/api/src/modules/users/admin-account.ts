import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/password-hashing';
import { newReferralCode } from '../auth/referral-codes';

/** The email of the admin made on a fresh machine when ADMIN_EMAIL is not set. */
export const generatedAdminEmail = 'admin@ledgerline.local';

export type AdminAccountOutcome =
  | { kind: 'configured'; email: string }
  | { kind: 'generated'; email: string; password: string }
  | { kind: 'exists' };

/**
 * At start: with ADMIN_EMAIL and ADMIN_PASSWORD, that account exists as a verified admin (created, or
 * promoted and its password set). Without them, an admin is generated only when none exists, and
 * its one-time credentials are returned for the console: they are never stored in clear.
 *
 * A generated password has been on a console, in logs and in whoever's scrollback, so that admin must
 * choose a new one before anything else (`mustChangePassword`). A configured password was chosen by
 * the operator (and held to the password policy at start), so that admin is never marked, and
 * configuring it for a marked account clears the mark.
 */
export async function ensureAdminAccount(
  db: Database,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<AdminAccountOutcome> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL.toLowerCase();
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    const now = new Date();
    const [updated] = await db
      .update(users)
      .set({
        role: 'admin',
        // An account promoted now is an admin from now; one that already was keeps its date.
        adminSince: sql`CASE WHEN ${users.role} = 'admin' THEN ${users.adminSince} ELSE now() END`,
        passwordHash,
        mustChangePassword: false,
        updatedAt: now,
      })
      .where(eq(users.email, email))
      .returning({ id: users.id, emailVerifiedAt: users.emailVerifiedAt });
    if (updated) {
      if (!updated.emailVerifiedAt) {
        await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, updated.id));
      }
    } else {
      await insertAdmin(db, email, passwordHash, { mustChangePassword: false });
    }
    return { kind: 'configured', email };
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return { kind: 'exists' };
  const password = randomBytes(18).toString('base64url');
  // Someone may have registered the usual address as a plain user: never promote a stranger.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, generatedAdminEmail))
    .limit(1);
  const email = taken ? `admin-${newReferralCode()}@ledgerline.local` : generatedAdminEmail;
  await insertAdmin(db, email, await hashPassword(password), { mustChangePassword: true });
  return { kind: 'generated', email, password };
}

async function insertAdmin(
  db: Database,
  email: string,
  passwordHash: string,
  { mustChangePassword }: { mustChangePassword: boolean },
): Promise<void> {
  await db.insert(users).values({
    email,
    fullname: 'administrator',
    phone: '',
    country: '',
    passwordHash,
    role: 'admin',
    adminSince: new Date(),
    mustChangePassword,
    emailVerifiedAt: new Date(),
    referralCode: newReferralCode(),
  });
}
