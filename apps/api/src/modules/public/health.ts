import type { operations } from '@ledgerline/api-client/contract';
import { type Database, isDatabaseReachable } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';

type Health = operations['getHealth']['responses'][200]['content']['application/json'];

/** Healthy means the database answers; a load balancer takes an unhealthy instance out (503). */
export async function health(db: Database): Promise<Health> {
  if (await isDatabaseReachable(db)) return { status: 'ok' };
  throw new HttpError(503, 'The database is unreachable');
}

/** `GET /api/v1/healthz` (the contract's); `GET /healthz` at the root answers the same. */
export function healthOperations(db: Database) {
  return {
    getHealth: { handler: () => health(db) },
  } satisfies Operations;
}
