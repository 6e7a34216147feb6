import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, withSecretsKey } from './config/config';
import { openDatabase } from './db/database';
import { loggerOptions } from './http/logging';
import { startSweeping } from './modules/auth/housekeeping';
import { secretBox } from './modules/auth/sealed-secrets';
import { sealUnsealedTwoFactorSecrets } from './modules/auth/unsealed-secrets';
import { ccxtMarketData } from './modules/trading/exchange';
import { seedFunds } from './modules/trading/fund-config';
import { startTradingScheduler } from './modules/trading/scheduler';
import { ensureAdminAccount } from './modules/users/admin-account';

// Start-up reads like a table of contents: configuration, database, admin account, the app, the port.
let config: Config & { SECRETS_KEY: Buffer };
try {
  config = withSecretsKey(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config);
await database.migrate();
// Two-factor secrets stored before they were sealed are sealed now, once.
const sealed = await sealUnsealedTwoFactorSecrets(database.db, secretBox(config.SECRETS_KEY));
if (sealed > 0) console.log(`  Sealed the two-factor secrets of ${sealed} account(s) with SECRETS_KEY.`);

const admin = await ensureAdminAccount(database.db, config);
// The first funds, one of each strategy, made once (a fund that exists is left as it is).
await seedFunds(database.db);
if (admin.kind === 'generated') {
  // Printed once, now: only its hash is stored. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them.
  const firstSignIn =
    config.ADMIN_TWO_FACTOR === 'required'
      ? '  At the first sign-in, choose a new password and set up an authenticator app (two-factor).'
      : '  At the first sign-in, choose a new password.';
  console.log(
    `\n  An admin account was created.\n    email:    ${admin.email}\n    password: ${admin.password}\n  Keep these now: the password is not shown again.\n${firstSignIn}\n`,
  );
}

const app = await buildApp({ config, database, logger: loggerOptions(config) });
// Expired sessions and sign-in steps deleted now and every hour.
const sweeping = startSweeping(database.db, app.log);

// Trading in the background: candles fetched from the exchange, each fund stepped once per closed candle.
const trading =
  config.TRADING_SCHEDULER === 'on'
    ? startTradingScheduler({
        db: database.db,
        market: ccxtMarketData(config.TRADING_EXCHANGE, config.TRADING_EXCHANGE_URL),
        tickSeconds: config.TRADING_TICK_SECONDS,
        valuationMinutes: config.TRADING_VALUATION_MINUTES,
        log: app.log,
      })
    : null;

/*
 * The stop (SIGTERM from an orchestrator, SIGINT from a terminal). From its first moment readiness
 * answers 503, so load balancers send this instance nothing new, and no new connection is accepted.
 * Requests in flight finish, and so does the mail their answers promised; event streams are told to
 * end (`http/lifecycle.ts`); then the process exits 0. However stuck a connection is, the process is
 * gone after SHUTDOWN_GRACE_SECONDS: what remains is closed and it exits 1.
 */
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  const graceSeconds = config.SHUTDOWN_GRACE_SECONDS;
  app.lifecycle.beginStop();
  app.log.info({ signal, graceSeconds }, 'stopping: finishing the requests in flight');
  setTimeout(() => {
    app.log.error(
      { graceSeconds },
      `the stop took longer than ${graceSeconds} s: closing the connections still open and exiting`,
    );
    app.server.closeAllConnections();
    process.exit(1);
  }, graceSeconds * 1000);
  try {
    sweeping.stop();
    await trading?.stop();
    await app.close();
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'the stop failed');
    process.exit(1);
  }
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
// `GET /metrics`, on its own port only (see METRICS_PORT); it closes with the app.
await app.metricsServer?.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
const storage = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
const mail = config.SMTP_URL ? 'mail via SMTP' : 'mail to the local outbox (links printed here)';
console.log(`\n  ${config.PRODUCT_NAME} is running at ${config.PUBLIC_URL} (${storage}, ${mail})\n`);
