import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteDatabase, postgresDatabase } from '../db/database';

/**
 * Where each test file gets its fresh, migrated database:
 * - PGlite (default): migrated once here, dumped to a file each test file loads (0.7 s, not 3 s).
 * - PostgreSQL (when TEST_DATABASE_URL names a server, e.g. postgres://postgres@127.0.0.1:5432/postgres):
 *   a template database `ledgerline_test_<pid>_<random>` migrated once here; each test file clones
 *   it, and every database of the run is dropped at the end.
 */
export type TestDatabaseSource =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create();
    await pgliteDatabase(client).migrate();
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-test-db-'));
    const dumpFile = path.join(dir, 'migrated.tar.gz');
    writeFileSync(dumpFile, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await client.close();
    project.provide('testDatabase', { kind: 'pglite', dumpFile });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const template = `ledgerline_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: databaseUrlFor(serverUrl, template), max: 2 });
  await postgresDatabase(pool).migrate();
  await pool.end();
  project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
  console.log(`PostgreSQL test databases: ${template}*`);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${template}%`],
    );
    // Clones first, the template last (a template cannot be dropped while cloned from).
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  };
}
