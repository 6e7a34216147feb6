import type { Redis } from 'ioredis';
import { HttpError } from './errors';

/** One count of attempts in its window. */
export type Count = { count: number; retryAfterMs: number };

/**
 * Counts attempts under a key in a fixed window (from the first attempt), atomically: however many
 * requests arrive at once, each gets its own number. In Redis when REDIS_URL is set, so that every
 * instance counts the same attempts; else in this process.
 */
export type AttemptCounter = {
  /** Counts one attempt and answers its number in the window. */
  hit(key: string, windowMs: number): Promise<Count>;
  /** Takes one attempt back (one that turned out not to count, a right password). */
  undo(key: string): Promise<void>;
  /** Forgets every attempt under the key. */
  clear(key: string): Promise<void>;
};

/** Answered when the count cannot be kept: what it guards is refused, not left unguarded. */
export const countUnavailable = new HttpError(
  503,
  'This is unavailable for a moment. Please try again in a minute.',
  { 'retry-after': '60' },
);

function memoryCounter(): AttemptCounter {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    if (entry && entry.endsAt <= now) counts.delete(key);
    return entry && entry.endsAt > now ? entry : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      // Expired windows of other keys go as new ones come, so the map stays as small as its traffic.
      if (counts.size > 10_000) for (const other of [...counts.keys()]) live(other, now);
      const entry = live(key, now) ?? { count: 0, endsAt: now + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return { count: entry.count, retryAfterMs: entry.endsAt - now };
    },
    async undo(key) {
      const entry = live(key, Date.now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

// INCR and the window's expiry in one step: no attempt is ever counted without its window.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;
const undoScript = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then return redis.call('DECR', KEYS[1]) end
return 0`;

function redisCounter(redis: Redis): AttemptCounter {
  const prefix = 'ledgerline-attempts:';
  const unavailable = () => {
    throw countUnavailable;
  };
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis
        .eval(hitScript, 1, prefix + key, String(windowMs))
        .catch(unavailable)) as [number, number];
      return { count, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    async undo(key) {
      await redis.eval(undoScript, 1, prefix + key).catch(unavailable);
    },
    async clear(key) {
      await redis.del(prefix + key).catch(unavailable);
    },
  };
}

export function attemptCounter(redis: Redis | null): AttemptCounter {
  return redis ? redisCounter(redis) : memoryCounter();
}
