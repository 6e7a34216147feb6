import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

/** Failed sign-ins allowed per account, and per client address, in one window. */
export const failedSignInLimits = {
  perAccount: { max: 5, timeWindow: '15 minutes' },
  perAddress: { max: 20, timeWindow: '15 minutes' },
} as const;

export type FailedSignIns = {
  /** Refuses with 429 (and Retry-After) while the account or the address is over its limit. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts one failed attempt against both. */
  record(request: FastifyRequest): Promise<void>;
};

/**
 * Limits on failed sign-ins, kept in the rate limiter's store (in-process, or Redis when REDIS_URL
 * is set so that every instance counts the same failures). Per account: guessing one person's
 * password from many addresses is slowed. Per address: trying many accounts from one place is.
 */
export function failedSignIns(app: FastifyInstance): FailedSignIns {
  // The limiter hands its key generator the plain request; sign-in's body (validated already) has the email.
  const emailOf = ({ body }: FastifyRequest) =>
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? body.email.trim().toLowerCase()
      : '';
  const perAccount = app.createRateLimit({
    ...failedSignInLimits.perAccount,
    keyGenerator: (request) => `failed-sign-in:account:${emailOf(request)}`,
  });
  const perAddress = app.createRateLimit({
    ...failedSignInLimits.perAddress,
    keyGenerator: (request) => `failed-sign-in:address:${request.ip}`,
  });
  return {
    async check(request) {
      for (const limit of [perAccount, perAddress]) {
        const state = await limit(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) {
          const seconds = Math.max(1, state.ttlInSeconds);
          throw new HttpError(
            429,
            `Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minute(s) or reset your password.`,
            { 'retry-after': String(seconds) },
          );
        }
      }
    },
    async record(request) {
      await Promise.all([perAccount(request), perAddress(request)]);
    },
  };
}
