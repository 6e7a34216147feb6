import type { FastifyRequest } from 'fastify';
import { type AttemptCounter, countUnavailable } from './attempts';
import { HttpError } from './errors';

/**
 * How many requests one signed-in account may make to an operation in a window, whatever addresses
 * they come from: the per-address limit alone lets one account spread over many addresses go on.
 */
export type AccountLimit = {
  /** Names the operation in the counter's keys. */
  name: string;
  max: number;
  windowMs: number;
};

/**
 * Counts the request against the account's limit, before its body is read, and refuses it past the
 * limit: 429 with Retry-After, as the per-address limits answer. Counted in Redis when REDIS_URL is
 * set, so every instance counts the same requests. While Redis is down the request goes on, as it
 * does past the per-address limits: these limits spare the server's work, they guard no secret.
 */
export async function countAccountRequest(
  attempts: AttemptCounter,
  limit: AccountLimit,
  request: FastifyRequest,
  userId: string,
): Promise<void> {
  let count: number;
  let retryAfterMs: number;
  try {
    ({ count, retryAfterMs } = await attempts.hit(`${limit.name}:account:${userId}`, limit.windowMs));
  } catch (error) {
    if (error !== countUnavailable) throw error;
    request.log.warn({ limit: limit.name }, 'per-account limit not counted: Redis is unavailable');
    return;
  }
  if (count <= limit.max) return;
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  throw new HttpError(429, `Too many requests. Please try again in ${seconds} seconds.`, {
    'retry-after': String(seconds),
  });
}
