import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { seedFunds } from './modules/trading/fund-config';
import { ensureAdminAccount } from './modules/users/admin-account';

// A release's first step (`node dist/migrate.js`), run once before new instances start: applies the
// committed migrations that have not run yet and, when ADMIN_EMAIL and ADMIN_PASSWORD are set, makes
// that admin, and the first funds, then exits. Each instance's start does both again, which is then a no-op and an update:
// instances starting together on a fresh database never race to insert the same admin. (On
// PostgreSQL, an advisory lock lets one process migrate while the others wait.) The generated admin
// of a local trial (no ADMIN_EMAIL) is left to the server's start, which prints its password.
try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdminAccount(database.db, config);
    await seedFunds(database.db);
  } finally {
    await database.close();
  }
  const storage = config.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`;
  const admin = config.ADMIN_EMAIL ? `, admin ${config.ADMIN_EMAIL} ready` : '';
  console.log(`Migrations applied (${storage})${admin}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
