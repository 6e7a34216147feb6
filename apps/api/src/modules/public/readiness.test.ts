import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppOptions, buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { type Database, type DatabaseHandle, pgliteDatabase } from '../../db/database';
import { newAddress } from '../../testing/accounts';
import { createTestApp, testSecretsKey } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { readinessCacheMs, readinessProbesPerMinute } from './readiness';

const readyz = '/api/v1/readyz';

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the server's clock past the time a round of checks answers for. */
function afterTheCachedResult() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + readinessCacheMs);
}

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
      config: loadConfig({ SECRETS_KEY: testSecretsKey, SITE_DIR: '/nonexistent-site', DATA_DIR: dataDir }),
      database,
    });
    try {
      const before = await app.inject({ method: 'GET', url: readyz });
      await expectContract('getReadiness', before);
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ msg: 'Not ready: the database migrations are not at this version' });

      await database.migrate();
      afterTheCachedResult();
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
    const app = await buildApp({
      config: loadConfig({ SECRETS_KEY: testSecretsKey, SITE_DIR: '/nonexistent-site' }),
      database,
    });
    try {
      const response = await app.inject({ method: 'GET', url: readyz });
      await expectContract('getReadiness', response);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ msg: 'Not ready: the database does not answer' });
    } finally {
      await app.close();
    }
  });

  it('runs one round of checks for probes at once and for 2 seconds after it, then a new one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-readiness-'));
    let rounds = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The store's check is each round's last: counted, and held until every probe has arrived.
    const countingStore: NonNullable<AppOptions['storage']> = {
      description: 'a store that counts its checks',
      put: async () => undefined,
      get: async () => null,
      delete: async () => undefined,
      check: async () => {
        rounds += 1;
        await held;
      },
      close: () => undefined,
    };
    const app = await buildApp({
      config: loadConfig({
        SECRETS_KEY: testSecretsKey,
        SITE_DIR: '/nonexistent-site',
        DATA_DIR: dataDir,
        TRADING_SCHEDULER: 'off',
      }),
      database: await testDatabase(),
      storage: countingStore,
    });
    try {
      const probes = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: readyz }));
      await vi.waitFor(() => expect(rounds).toBe(1));
      release();
      expect((await Promise.all(probes)).map((probe) => probe.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(rounds).toBe(1);

      expect((await app.inject({ method: 'GET', url: readyz })).statusCode).toBe(200);
      expect(rounds).toBe(1);

      afterTheCachedResult();
      expect((await app.inject({ method: 'GET', url: readyz })).statusCode).toBe(200);
      expect(rounds).toBe(2);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is rate limited per client', async () => {
    const app = await createTestApp();
    try {
      const remoteAddress = newAddress();
      for (let probe = 0; probe < readinessProbesPerMinute; probe++) {
        expect((await app.inject({ method: 'GET', url: readyz, remoteAddress })).statusCode).toBe(200);
      }
      const refused = await app.inject({ method: 'GET', url: readyz, remoteAddress });
      await expectContract('getReadiness', refused);
      expect(refused.statusCode).toBe(429);
      expect((await app.inject({ method: 'GET', url: readyz, remoteAddress: newAddress() })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });

  it("is not forwarded from the internet by the deploy's load balancer, which still probes it", async () => {
    const caddyfile = await readFile(new URL('../../../../../deploy/Caddyfile', import.meta.url), 'utf8');
    const lines = caddyfile.split('\n').map((line) => line.trim());
    expect(lines).toContain('respond /api/v1/readyz 404');
    expect(lines).toContain('health_uri /api/v1/readyz');
  });
});
