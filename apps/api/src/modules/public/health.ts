import type { operations } from '@ledgerline/api-client';
import type { FastifyReply } from 'fastify';
import { type Database, isDatabaseReachable } from '../../db/database';
import type { Operations } from '../../http/operations';

type Health = operations['getHealth']['responses'][200]['content']['application/json'];
type Unavailable = operations['getHealth']['responses'][503]['content']['application/json'];

/** Healthy means the database answers; a load balancer takes an unhealthy instance out. */
export async function health(db: Database, reply: FastifyReply): Promise<Health | Unavailable> {
  if (await isDatabaseReachable(db)) return { status: 'ok' };
  reply.status(503);
  return { msg: 'The database is unreachable' };
}

/** `GET /api/v1/healthz` (the contract's); `GET /healthz` at the root answers the same. */
export function healthOperations(db: Database): Operations {
  return {
    getHealth: { handler: (_request, reply) => health(db, reply) },
  };
}
