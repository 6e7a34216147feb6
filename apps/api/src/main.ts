import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { loggerOptions } from './http/logging';
import { deleteEndedSessions } from './modules/auth/sessions';
import { ensureAdminAccount } from './modules/users/admin-account';

// Start-up reads like a table of contents: configuration, database, admin account, the app, the port.
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(config);
await database.migrate();
await deleteEndedSessions(database.db);

const admin = await ensureAdminAccount(database.db, config);
if (admin.kind === 'generated') {
  // Printed once, now: only its hash is stored. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them.
  console.log(
    `\n  An admin account was created.\n    email:    ${admin.email}\n    password: ${admin.password}\n  Keep these now: the password is not shown again.\n`,
  );
}

const app = await buildApp({ config, database, logger: loggerOptions(config) });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // A stuck connection must not keep a stopped instance alive forever.
  const deadline = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  deadline.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const storage = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
const mail = config.SMTP_URL ? 'mail via SMTP' : 'mail to the local outbox (links printed here)';
console.log(`\n  ${config.PRODUCT_NAME} is running at ${config.PUBLIC_URL} (${storage}, ${mail})\n`);
