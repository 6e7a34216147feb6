import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import type { Database, DatabaseHandle } from '../../db/database';
import { createTestApp, testSecretsKey } from '../../testing/app';
import { expectContract } from '../../testing/contract';

describe('health', () => {
  it('answers 200 { status: ok } at /healthz and /api/v1/healthz while the database answers', async () => {
    const app = await createTestApp();
    try {
      for (const url of ['/healthz', '/api/v1/healthz']) {
        const response = await app.inject({ method: 'GET', url });
        await expectContract('getHealth', response);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
      }
    } finally {
      await app.close();
    }
  });

  it('answers 503 { msg } when the database does not', async () => {
    // A database whose every query fails, as one that went away would.
    const unreachable = {
      execute: () => Promise.reject(new Error('connection refused')),
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
      for (const url of ['/healthz', '/api/v1/healthz']) {
        const response = await app.inject({ method: 'GET', url });
        await expectContract('getHealth', response);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ msg: 'The database is unreachable' });
      }
    } finally {
      await app.close();
    }
  });
});
