import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { operations } from '@ledgerline/api-client/contract';
import { sql } from 'drizzle-orm';
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

/**
 * Ready means this instance can take traffic: it is not stopping, the database answers, its
 * migrations are at the head this build expects (an instance started before a release's migration
 * ran must not serve), and the store that keeps uploads answers (the data folder is writable, the
 * bucket answers). Any failure answers 503 naming the check, never its details.
 */
export function readinessOperations({
  db,
  storage,
  lifecycle,
}: Pick<Services, 'db' | 'storage' | 'lifecycle'>) {
  const head = headMigrationMillis();
  return {
    getReadiness: {
      async handler(request): Promise<Readiness> {
        // From the moment the stop begins, so load balancers send it nothing new while it finishes.
        if (lifecycle.isStopping) throw new HttpError(503, 'Not ready: this instance is stopping');
        try {
          await db.execute(sql`SELECT 1`);
        } catch (error) {
          request.log.warn({ err: error }, 'readiness: the database does not answer');
          throw new HttpError(503, 'Not ready: the database does not answer');
        }
        if (!(await migrationsAtHead(db, await head))) {
          throw new HttpError(503, 'Not ready: the database migrations are not at this version');
        }
        try {
          await storage.check();
        } catch (error) {
          request.log.warn(
            { err: error, store: storage.description },
            'readiness: the object store does not answer',
          );
          throw new HttpError(503, 'Not ready: the object store does not answer');
        }
        return { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } };
      },
    },
  } satisfies Operations;
}
