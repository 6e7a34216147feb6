import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many requests one client address may make to an operation in a time window. */
export type RateLimit = { max: number; timeWindow: string };

/** One operation of the contract as a module implements it. */
export type Operation = {
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** Beyond it the answer is 429 with `Retry-After`, before the body is read. */
  rateLimit?: RateLimit;
};

/** A module's operations, by the contract's operationId. */
export type Operations = Record<string, Operation>;
