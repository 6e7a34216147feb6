import type { FastifyRequest } from 'fastify';
import type { AttemptCounter } from '../../http/attempts';
import { clientOf } from '../../http/client-address';
import { HttpError } from '../../http/errors';

const fifteenMinutes = 15 * 60 * 1000;

/** Sign-in attempts allowed to fail per account, and per client, in one window. */
export const failedSignInLimits = {
  perAccount: { max: 5, windowMs: fifteenMinutes },
  perAddress: { max: 20, windowMs: fifteenMinutes },
} as const;

/** An attempt counted before its password was checked. */
export type SignInAttempt = {
  /** The password was right: the attempt is taken back, only failures count. */
  succeeded(): Promise<void>;
};

export type FailedSignIns = {
  /**
   * Counts an attempt on the account (a sign-in, or a password change giving the current one) from
   * the request's client, before the password is checked, so that however many arrive at once, no
   * more than the limit reach the password hash. Refuses with 429 (and Retry-After) when the account
   * or the client is over its limit, with 503 when the count cannot be kept (Redis down): an
   * unguarded sign-in is not an option.
   */
  begin(request: FastifyRequest, email: string): Promise<SignInAttempt>;
  /** Forgets the account's failed attempts: its password was just reset through the mailed link. */
  forgetAccount(email: string): Promise<void>;
};

const accountKey = (email: string) => `failed-sign-in:account:${email}`;

/**
 * Limits on failed sign-ins. Per account: guessing one person's password from many addresses is
 * slowed. Per client (an IPv6 /64 counts as one): trying many accounts from one place is.
 */
export function failedSignIns(counter: AttemptCounter): FailedSignIns {
  return {
    async begin(request, email) {
      const counted = [
        { key: accountKey(email), ...failedSignInLimits.perAccount },
        { key: `failed-sign-in:address:${clientOf(request.ip)}`, ...failedSignInLimits.perAddress },
      ];
      const counts = await Promise.all(counted.map(({ key, windowMs }) => counter.hit(key, windowMs)));
      const takeBack = async () => {
        await Promise.all(counted.map(({ key }) => counter.undo(key)));
      };
      const over = counts.find((count, index) => count.count > (counted[index]?.max ?? 0));
      if (over) {
        // A refused attempt is no failure: it is not counted, and the window does not move.
        await takeBack();
        const seconds = Math.max(1, Math.ceil(over.retryAfterMs / 1000));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s) or reset your password.`,
          { 'retry-after': String(seconds) },
        );
      }
      return { succeeded: takeBack };
    },
    async forgetAccount(email) {
      await counter.clear(accountKey(email));
    },
  };
}
