import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { type AccountLimit, countAccountRequest } from './account-limits';
import { type AttemptCounter, attemptCounter, countUnavailable } from './attempts';
import { HttpError } from './errors';

const limit: AccountLimit = { name: 'uploads', max: 2, windowMs: 60_000 };

function fakeRequest() {
  const warn = vi.fn();
  return { request: { log: { warn } } as unknown as FastifyRequest, warn };
}

describe('countAccountRequest', () => {
  it('lets an account make `max` requests in the window, then answers 429 with Retry-After', async () => {
    const counter = attemptCounter(null);
    const { request } = fakeRequest();
    const userId = crypto.randomUUID();
    await countAccountRequest(counter, limit, request, userId);
    await countAccountRequest(counter, limit, request, userId);
    const refused = await countAccountRequest(counter, limit, request, userId).catch((error) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Too many requests. Please try again in 60 seconds.');
    expect(refused.headers).toEqual({ 'retry-after': '60' });
    // Another account has its own count.
    await countAccountRequest(counter, limit, request, crypto.randomUUID());
  });

  it('lets the request go on while the count cannot be kept (Redis down), as the per-address limits do', async () => {
    const down: AttemptCounter = {
      hit: () => Promise.reject(countUnavailable),
      undo: () => Promise.reject(countUnavailable),
      clear: () => Promise.reject(countUnavailable),
    };
    const { request, warn } = fakeRequest();
    await expect(countAccountRequest(down, limit, request, crypto.randomUUID())).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});
