import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/config';
import { apiDir } from '../package-dir';
import { type Listener, listenOnPglite, listenOnPostgres, type NotificationHandlers } from './notifications';
import * as schema from './schema';

/** The migrations drizzle-kit generated from `schema.ts`, committed and applied at start. */
export const migrationsFolder = path.join(apiDir, 'drizzle');

/** One query API for both drivers: every query in the server is written once, against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle, as `db.transaction` passes it to its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The rows of `db.execute`, which node-postgres and PGlite both answer as `{ rows }`. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

/** The PostgreSQL pool's clients at one moment (for the metrics). */
export type PoolClients = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The pool's clients now; PostgreSQL only (PGlite is one embedded connection, with no pool). */
  poolClients?: () => PoolClients;
  /**
   * Listens to `pg_notify` on these channels, on a connection kept for it (`db/notifications.ts`).
   * Both databases have it; a stand-in without it (a test's unreachable database) hears nothing.
   */
  listen?(channels: string[], handlers: NotificationHandlers): Promise<Listener>;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** An embedded PostgreSQL (PGlite, WASM) handle over an open client. */
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    listen: (channels, handlers) => listenOnPglite(client, channels, handlers),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** A PostgreSQL handle over a node-postgres pool. */
export function postgresDatabase(pool: pg.Pool): DatabaseHandle {
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    listen: (channels, handlers) => listenOnPostgres(pool.options, channels, handlers),
    poolClients: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      // Several API processes may start at once against one PostgreSQL: one migrates, the others wait.
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(7340031)');
        await migrateNodePostgres(db, { migrationsFolder });
      } finally {
        await lock.query('SELECT pg_advisory_unlock(7340031)').catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, else PGlite stored in
 * `DATA_DIR/db` (created on first start, with its parent directories).
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE ?? 20 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return postgresDatabase(pool);
  }
  const dataDir = path.resolve(config.DATA_DIR, 'db');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  return pgliteDatabase(await PGlite.create({ dataDir }));
}

/** Answers whether the database answers a trivial query (for the health check). */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

const dialect = new PgDialect();
const namedTexts = new Map<string, string>();

/**
 * A hot statement written in SQL, built once and run as a named prepared statement, as the query
 * builder's `.prepare(name)` does: neither the SQL builder nor PostgreSQL's parser and planner redo
 * the same work on each call. `build` writes the statement with a placeholder for each of `names`
 * (the values that vary); each call of the answer gives their values and answers as `db.execute`
 * does (`rowsOf` reads it). One name, one text.
 */
export function prepareNamed<Name extends string>(
  db: Database,
  name: string,
  names: readonly Name[],
  build: (values: Record<Name, SQL>) => SQL,
): (values: Record<Name, unknown>) => Promise<unknown> {
  const placeholders = Object.fromEntries(names.map((value) => [value, sql`${sql.placeholder(value)}`]));
  const query = dialect.sqlToQuery(build(placeholders as Record<Name, SQL>));
  const known = namedTexts.get(name);
  if (known === undefined) namedTexts.set(name, query.sql);
  else if (known !== query.sql) throw new Error(`The prepared statement ${name} was given another text`);
  // Prepared at the first call: an app is built before its database is used (or on a stand-in).
  let prepared: ReturnType<Database['_']['session']['prepareQuery']> | undefined;
  return (values) => {
    prepared ??= db._.session.prepareQuery(query, undefined, name, false);
    return prepared.execute(values);
  };
}
