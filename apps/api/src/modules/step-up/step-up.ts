import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Services } from '../../services';
import { codeAttempt, secondFactorColumns } from '../auth/second-factor';
import { signedInAccount } from '../auth/sessions';
import { wrongCodeMessage } from '../auth/two-factor';

/** Answered (403) to an admin with two-factor on who sent no code. */
export const stepUpCodeNeededMessage =
  'Enter a fresh code from your authenticator app: this action moves money or where it goes.';

/** Answered (403) to an admin with two-factor on who stops or restarts all trading with no code. */
export const tradingStepUpCodeNeededMessage =
  'Enter a fresh code from your authenticator app: this action stops or restarts all trading.';

/**
 * Step-up codes: an admin act that moves money or could redirect it (approving a deposit or a
 * withdrawal, proposing or approving a posting or a wallet change, stopping or restarting all
 * trading) needs a fresh code from the
 * admin's authenticator app, not only a signed-in session, so a stolen session alone cannot move
 * money. An admin with two-factor on must send one (403 without it); each code is spent once (a
 * code, or an older one, is never accepted again) and recovery codes do not count. A wrong code
 * counts as a failed sign-in of the admin's account. An admin with two-factor off (possible only with
 * `ADMIN_TWO_FACTOR=optional`) is not asked.
 */
export function stepUpCodes({
  db,
  failedSignIns,
  secrets,
}: Pick<Services, 'db' | 'failedSignIns' | 'secrets'>) {
  /**
   * Spends the admin's code in `tx` when given: the transaction of the act itself, so a code whose act
   * is then refused is not spent.
   */
  return async function requireStepUpCode(
    request: FastifyRequest,
    code: string | undefined,
    tx?: Tx,
    neededMessage = stepUpCodeNeededMessage,
  ): Promise<void> {
    const admin = signedInAccount(request);
    // Inside the act's transaction when there is one: the embedded database serves one at a time.
    const [holder] = await (tx ?? db)
      .select({ ...secondFactorColumns, email: users.email })
      .from(users)
      .where(eq(users.id, admin.userId));
    if (!holder?.twoFactorSecret) return;
    if (code === undefined || code === '') throw new HttpError(403, neededMessage);
    const attempt = codeAttempt(secrets, await failedSignIns.begin(request, holder.email));
    try {
      const spent = await attempt.spend(tx ?? db, holder, code, { appOnly: true });
      if (spent === null) throw new HttpError(403, wrongCodeMessage);
    } finally {
      await attempt.settle();
    }
  };
}

/**
 * The rule inside an act written as one statement, for an admin whom the session check found with
 * two-factor off (and so asked for no code): the act writes nothing unless the admin's two-factor is
 * still off as the statement runs. The session check may remember an account for a moment after its
 * owner turned two-factor on; an act this condition stops then goes through `requireStepUpCode`, which
 * reads the account and asks for the code.
 */
export function twoFactorStillOff(adminId: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${users}
    WHERE ${users.id} = ${adminId} AND ${users.twoFactorSecret} IS NOT NULL)`;
}

/** The `twoFactorCode` of a JSON body that may be absent (an approval sent without a body). */
export function stepUpCodeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('twoFactorCode' in body)) return undefined;
  const code = body.twoFactorCode;
  return typeof code === 'string' ? code : undefined;
}
