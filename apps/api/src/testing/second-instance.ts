import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { postgresDatabase } from '../db/database';
import { createTestApp } from './app';
import { testDatabaseUrl } from './database';

/**
 * Another instance of the app on this test file's PostgreSQL database, as a second process behind a
 * load balancer would be: its own pool, its own notifications connection, its own caches. `close`
 * closes the app, then its pool. PostgreSQL only.
 */
export async function createSecondInstance(
  env: Record<string, string> = {},
  options: { eventHeartbeatMs?: number } = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const url = await testDatabaseUrl();
  if (!url) throw new Error('a second instance needs PostgreSQL: set TEST_DATABASE_URL');
  const database = postgresDatabase(new pg.Pool({ connectionString: url, max: 5 }));
  const app = await createTestApp(env, { ...options, database });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Listens on a free port of 127.0.0.1; answers the app's base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
