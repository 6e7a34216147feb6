import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import type { OutboxAnnouncer } from '../mail/mailer';
import { seedFunds } from '../modules/trading/fund-config';
import { testDatabase } from './database';
import { mailSink } from './mail-sink';

/** A port nothing listens on: a test that forgets its fake upstream fails fast, never reaching out. */
export const unreachableUrl = 'http://127.0.0.1:9';

/**
 * The tests' fixed SECRETS_KEY (32 bytes in hex), for every app and server process they start, so
 * instances sharing a test database read each other's sealed secrets. Never a key for anything else.
 */
export const testSecretsKey = '746573742d6b65792d6f662d6c65646765726c696e652d6e6f742d7265616c21';

/** The public origin of test links. */
export const testPublicUrl = 'http://ledgerline.test';

/**
 * Builds the real app in-process (no port) on this test file's database, sending mail over SMTP to
 * this file's mail sink. Pass `SMTP_URL: ''` for the outbox instead, `ADMIN_TWO_FACTOR: 'required'`
 * for admins who must sign in with two-factor.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    announceOutbox?: OutboxAnnouncer;
    logger?: FastifyServerOptions['logger'];
    /** Milliseconds between event stream heartbeats (15 s unless shortened). */
    eventHeartbeatMs?: number;
    /** Another connection to this file's database (a second instance); the caller closes it. */
    database?: DatabaseHandle;
  } = {},
): Promise<FastifyInstance> {
  const smtp = 'SMTP_URL' in env ? {} : { SMTP_URL: (await mailSink()).url };
  // Uploads go to a directory of this app's own (removed when it closes), never into the repository.
  const ownDataDir = 'DATA_DIR' in env ? null : mkdtempSync(path.join(tmpdir(), 'ledgerline-test-'));
  const config = loadConfig({
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    NODE_ENV: 'test',
    SITE_DIR: '/nonexistent-site',
    MARKET_DATA_URL: unreachableUrl,
    TRADING_EXCHANGE_URL: unreachableUrl,
    PUBLIC_URL: testPublicUrl,
    // Admins sign in with a password alone in tests of other things; the rule has tests of its own.
    ADMIN_TWO_FACTOR: 'optional',
    // A first investment is priced at the next valuation in tests of other things; the cooling-off
    // period has tests of its own.
    FIRST_INVESTMENT_COOLING_OFF_HOURS: '0',
    SECRETS_KEY: testSecretsKey,
    ...smtp,
    ...env,
  });
  // The file's own database gets the first funds, as a server's start makes them; a database a test
  // hands in (a second instance's, or one broken or unmigrated on purpose) is left as it is.
  if (!options.database) await seedFunds((await testDatabase()).db);
  const app = await buildApp({
    config,
    database: options.database ?? (await testDatabase()),
    eventHeartbeatMs: options.eventHeartbeatMs,
    announceOutbox: options.announceOutbox ?? (() => undefined),
    logger: options.logger ?? false,
  });
  if (ownDataDir) app.addHook('onClose', () => rm(ownDataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}
