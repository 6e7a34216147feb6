import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { recoveryCodes, users } from '../../db/schema';
import type { SignInAttempt } from './failed-sign-ins';
import type { SecretBox } from './sealed-secrets';
import { acceptedTotpStep, hashRecoveryCode } from './totp';

/** How a second factor was given: a code from the app, or one of the recovery codes. */
export type SecondFactor = 'app' | 'recovery code';

/**
 * Spends a code of an account with two-factor on, once: a 6-digit code from the app (its step is
 * recorded, so it and every older one are spent; one conditional UPDATE, so of two requests with
 * the same code at once only one passes) or, unless `appOnly`, a recovery code (marked used the same
 * way). Answers how it was given, or null when it is wrong, spent, or the account has two-factor off.
 * The stored secret is opened here, where a code is checked, and nowhere else; one that does not open
 * (another SECRETS_KEY) throws: the request fails and the log says why, and no code is accepted.
 */
export async function spendSecondFactor(
  db: Database | Tx,
  secrets: SecretBox,
  user: { id: string; twoFactorSecret: string | null; twoFactorLastStep: number | null },
  code: string,
  options: { appOnly?: boolean; now?: Date } = {},
): Promise<SecondFactor | null> {
  if (!user.twoFactorSecret) return null;
  const now = options.now ?? new Date();
  if (/^[0-9]{6}$/.test(code)) {
    const secret = secrets.open(user.twoFactorSecret, user.id);
    const step = acceptedTotpStep(secret, code, user.twoFactorLastStep, now);
    if (step === null) return null;
    const [spent] = await db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(
          eq(users.id, user.id),
          sql`${users.twoFactorSecret} IS NOT NULL`,
          or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
        ),
      )
      .returning({ id: users.id });
    return spent ? 'app' : null;
  }
  if (options.appOnly) return null;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery code' : null;
}

/**
 * A code checked under an attempt already counted against the sign-in limit (or none, with two-factor
 * off). Only a wrong code counts: `settle`, once the request has gone through or been refused, takes
 * the attempt back unless `spend` found the code wrong or spent. A right code whose request is then
 * refused for another reason (its transaction rolled back, the code left unspent) is no failed
 * sign-in; else a few such refusals would lock the owner out of signing in.
 */
export function codeAttempt(secrets: SecretBox, attempt: SignInAttempt | null) {
  let wrong = false;
  return {
    /** Spends the code as `spendSecondFactor` does, noting when it is wrong. */
    async spend(
      db: Parameters<typeof spendSecondFactor>[0],
      ...args: SpendArguments
    ): ReturnType<typeof spendSecondFactor> {
      const spent = await spendSecondFactor(db, secrets, ...args);
      if (spent === null) wrong = true;
      return spent;
    },
    /** Takes the attempt back, unless the code was wrong. */
    async settle(): Promise<void> {
      if (!wrong) await attempt?.succeeded();
    },
  };
}

type SpendArguments =
  Parameters<typeof spendSecondFactor> extends [unknown, unknown, ...infer Rest] ? Rest : never;

/** What the second-factor checks read of an account. */
export const secondFactorColumns = {
  id: users.id,
  twoFactorSecret: users.twoFactorSecret,
  twoFactorLastStep: users.twoFactorLastStep,
};
