import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/config';
import { clientOf } from './client-address';
import { HttpError } from './errors';

/**
 * Registers the rate limiter that operations opt into (`rateLimit` in their table). Limits live in
 * Redis when REDIS_URL is set, so that several instances share them, else in this process. Answers
 * the Redis connection, which the app closes on shutdown.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL'>,
): Promise<Redis | null> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 1_000, maxRetriesPerRequest: 1 })
    : null;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'ledgerline-rate-limit:' } : {}),
    // A Redis outage pauses these limits and requests go on (failed sign-ins, counted apart in
    // http/attempts.ts, are refused instead).
    skipOnError: true,
    // Counted per client: an IPv6 /64 is one.
    keyGenerator: (request) => clientOf(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
  return redis;
}
