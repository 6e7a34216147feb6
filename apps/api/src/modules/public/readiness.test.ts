import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { type Database, type DatabaseHandle, pgliteDatabase } from '../../db/database';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';

const readyz = '/api/v1/readyz';

describe('readiness', () => {
  it('answers 200 with each check once the database answers at the head migration', async () => {
    const app = await createTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: readyz });
      await expectContract('getReadiness', response);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 until the migrations this build carries are applied, then 200', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-readiness-'));
    // A database no migration has touched, as one a new release starts against before it migrates.
    const database = pgliteDatabase(await PGlite.create());
    const app = await buildApp({
      config: loadConfig({ SITE_DIR: '/nonexistent-site', DATA_DIR: dataDir }),
      database,
    });
    try {
      const before = await app.inject({ method: 'GET', url: readyz });
      await expectContract('getReadiness', before);
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ msg: 'Not ready: the database migrations are not at this version' });

      await database.migrate();
      const after = await app.inject({ method: 'GET', url: readyz });
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the database when it does not answer, and nothing of the error', async () => {
    const unreachable = {
      execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
    } as unknown as Database;
    const database: DatabaseHandle = {
      db: unreachable,
      kind: 'postgres',
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const app = await buildApp({ config: loadConfig({ SITE_DIR: '/nonexistent-site' }), database });
    try {
      const response = await app.inject({ method: 'GET', url: readyz });
      await expectContract('getReadiness', response);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ msg: 'Not ready: the database does not answer' });
    } finally {
      await app.close();
    }
  });
});
