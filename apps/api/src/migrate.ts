import { ConfigError, loadConfig, withSecretsKey } from './config/config';
import { openDatabase } from './db/database';
import { secretBox } from './modules/auth/sealed-secrets';
import { sealUnsealedTwoFactorSecrets } from './modules/auth/unsealed-secrets';
import { seedFunds } from './modules/trading/fund-config';
import { ensureAdminAccount } from './modules/users/admin-account';

// A release's first step (`node dist/migrate.js`), run once before new instances start: applies the
// committed migrations that have not run yet, seals the two-factor secrets stored in clear and, when
// ADMIN_EMAIL and ADMIN_PASSWORD are set, makes that admin, and the first funds, then exits. Each
// instance's start does all of it again, which is then a no-op and an update:
// instances starting together on a fresh database never race to insert the same admin. (On
// PostgreSQL, an advisory lock lets one process migrate while the others wait.) The generated admin
// of a local trial (no ADMIN_EMAIL) is left to the server's start, which prints its password.
try {
  const config = withSecretsKey(loadConfig());
  const database = await openDatabase(config);
  let sealed = 0;
  try {
    await database.migrate();
    sealed = await sealUnsealedTwoFactorSecrets(database.db, secretBox(config.SECRETS_KEY));
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdminAccount(database.db, config);
    await seedFunds(database.db);
  } finally {
    await database.close();
  }
  const storage = config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`;
  const admin = config.ADMIN_EMAIL ? `, admin ${config.ADMIN_EMAIL} ready` : '';
  const secrets = sealed > 0 ? `, two-factor secrets of ${sealed} account(s) sealed` : '';
  console.log(`Migrations applied (${storage})${admin}${secrets}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
