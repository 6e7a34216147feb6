import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from '../db/database';
import { databaseUrlFor } from './global-setup';

type TestDatabase = { handle: DatabaseHandle; url: string | null; drop: () => Promise<void> };

let current: Promise<TestDatabase> | undefined;

async function create(): Promise<TestDatabase> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(source.dumpFile)]) });
    const handle = pgliteDatabase(client);
    return { handle, url: null, drop: () => handle.close() };
  }
  const name = `${source.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(source.serverUrl, name);
  const handle = postgresDatabase(new pg.Pool({ connectionString: url, max: 5 }));
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: source.serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed: a forced drop then would terminate a
      // client that is still saying goodbye, and its error would have no listener. Wait for the
      // database's sessions to go (they take milliseconds), and force only what is left after 5 s.
      for (let waited = 0; waited < 5_000; waited += 20) {
        const { rows } = await dropper.query<{ sessions: number }>(
          'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.sessions === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * This test file's database: fresh and migrated, made on first use and shared by the file's tests
 * (which therefore use their own emails). Each test file runs in its own module scope, so files
 * never share one.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  current ??= create();
  return (await current).handle;
}

/** On PostgreSQL, this file's database URL (for a server started as its own process); else null. */
export async function testDatabaseUrl(): Promise<string | null> {
  if (inject('testDatabase').kind === 'pglite') return null;
  current ??= create();
  return (await current).url;
}

/** Closes (and on PostgreSQL drops) this file's database; `setup.ts` calls it after the file. */
export async function dropTestDatabase(): Promise<void> {
  if (!current) return;
  const made = current;
  current = undefined;
  await (await made).drop();
}
