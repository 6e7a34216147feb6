import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { operations } from '@ledgerline/api-client/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, migrationsFolder, rowsOf } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

type Readiness = operations['getReadiness']['responses'][200]['content']['application/json'];

/** The newest migration this build carries: its journal entry's time, which drizzle records when applied. */
async function headMigrationMillis(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the database has applied every migration this build carries (none missing, none newer unknown). */
async function migrationsAtHead(db: Database, head: number): Promise<boolean> {
  try {
    const [row] = rowsOf<{ applied: string | number | null }>(
      await db.execute(sql`SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations`),
    );
    return row?.applied !== null && row?.applied !== undefined && Number(row.applied) >= head;
  } catch {
    // No migrations table yet: nothing has been applied.
    return false;
  }
}

/** What one round of checks found: ready, or the first check that failed, as its answer says it. */
type CheckOutcome = { ready: true } | { ready: false; msg: string };

/**
 * How long one round of checks answers every probe. Readiness is public on the instance's port and
 * each round queries the database and the object store: however many probes arrive, an instance
 * runs at most one round per this many milliseconds.
 */
export const readinessCacheMs = 2_000;

/** Probes one client may send in a minute: load balancers and orchestrators probe every few seconds. */
export const readinessProbesPerMinute = 120;

/**
 * Ready means this instance can take traffic: it is not stopping, the database answers, its
 * migrations are at the head this build expects (an instance started before a release's migration
 * ran must not serve), and the store that keeps uploads answers (the data folder is writable, the
 * bucket answers). Any failure answers 503 naming the check, never its details. The checks' result
 * is kept for `readinessCacheMs` after they end, and one round runs at a time: probes arriving
 * meanwhile share it. Stopping is read at every probe, never kept.
 */
export function readinessOperations({
  db,
  storage,
  lifecycle,
}: Pick<Services, 'db' | 'storage' | 'lifecycle'>) {
  const head = headMigrationMillis();

  async function runChecks(log: FastifyBaseLogger): Promise<CheckOutcome> {
    try {
      await db.execute(sql`SELECT 1`);
    } catch (error) {
      log.warn({ err: error }, 'readiness: the database does not answer');
      return { ready: false, msg: 'Not ready: the database does not answer' };
    }
    if (!(await migrationsAtHead(db, await head))) {
      return { ready: false, msg: 'Not ready: the database migrations are not at this version' };
    }
    try {
      await storage.check();
    } catch (error) {
      log.warn({ err: error, store: storage.description }, 'readiness: the object store does not answer');
      return { ready: false, msg: 'Not ready: the object store does not answer' };
    }
    return { ready: true };
  }

  /** The last round: in flight (`endedAt` null) or ended at `endedAt`. */
  let latest: { outcome: Promise<CheckOutcome>; endedAt: number | null } | null = null;
  const currentOutcome = (log: FastifyBaseLogger): Promise<CheckOutcome> => {
    if (latest && (latest.endedAt === null || Date.now() - latest.endedAt < readinessCacheMs)) {
      return latest.outcome;
    }
    const round: { outcome: Promise<CheckOutcome>; endedAt: number | null } = {
      outcome: runChecks(log).catch((error: unknown) => {
        log.warn({ err: error }, 'readiness: a check failed unexpectedly');
        return { ready: false, msg: 'Not ready: the checks could not run' } as const;
      }),
      endedAt: null,
    };
    void round.outcome.then(() => {
      round.endedAt = Date.now();
    });
    latest = round;
    return round.outcome;
  };

  return {
    getReadiness: {
      rateLimit: { max: readinessProbesPerMinute, timeWindow: '1 minute' },
      async handler(request): Promise<Readiness> {
        // From the moment the stop begins, so load balancers send it nothing new while it finishes.
        if (lifecycle.isStopping) throw new HttpError(503, 'Not ready: this instance is stopping');
        const outcome = await currentOutcome(request.log);
        if (!outcome.ready) throw new HttpError(503, outcome.msg);
        return { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } };
      },
    },
  } satisfies Operations;
}
