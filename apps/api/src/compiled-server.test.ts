import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgliteDatabase, rowsOf } from './db/database';
import { users } from './db/schema';
import { testDatabase, testDatabaseUrl } from './testing/database';
import { cleansUpAfterFile, freePort } from './testing/processes';

// The compiled build, as production runs it: `scripts/build.mjs` once for the file (into a directory
// of its own under dist/, so a build in use elsewhere is never replaced), then plain `node` on the
// bundle, with no tsx loader, from a working directory outside the repository.

const apiDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiDir, 'dist', `test-${process.pid}-${randomUUID().slice(0, 8)}`);
const { children, dirs } = cleansUpAfterFile();
dirs.push(outdir);

/** Runs a process to its end; answers its exit code and everything it printed. */
function runToEnd(args: string[], options: { cwd: string; env?: Record<string, string> }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** What the server needs in its environment: no variable of this test process leaks into it. */
async function serverEnv(dataDir: string): Promise<Record<string, string>> {
  const databaseUrl = await testDatabaseUrl();
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MARKET_DATA_URL: 'http://127.0.0.1:9',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

beforeAll(async () => {
  const build = await runToEnd([path.join(apiDir, 'scripts', 'build.mjs'), '--outdir', outdir], {
    cwd: apiDir,
  });
  expect(build.code, build.output).toBe(0);
}, 120_000);

describe('the compiled build (node dist/main.js)', () => {
  it('applies the migrations and makes the configured admin with migrate.js, then exits', {
    timeout: 120_000,
  }, async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-compiled-'));
    dirs.push(workDir);
    const dataDir = path.join(workDir, 'data');
    const adminEmail = `release-admin-${randomUUID().slice(0, 8)}@example.com`;
    const migrated = await runToEnd(['--enable-source-maps', path.join(outdir, 'migrate.js')], {
      cwd: workDir,
      env: {
        ...(await serverEnv(dataDir)),
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: 'copper-harbor-lantern-58',
      },
    });
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toContain(`Migrations applied`);

    // The database it migrated: this file's PostgreSQL database, or the embedded one it made.
    const database = (await testDatabaseUrl())
      ? await testDatabase()
      : pgliteDatabase(await PGlite.create({ dataDir: path.join(dataDir, 'db') }));
    try {
      const [admin] = await database.db
        .select({ role: users.role, verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.email, adminEmail));
      expect(admin?.role).toBe('admin');
      expect(admin?.verified).not.toBeNull();
      const [applied] = rowsOf<{ count: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`),
      );
      expect(applied?.count).toBeGreaterThan(0);
    } finally {
      if (database.kind === 'pglite') await database.close();
    }
  });

  it('starts with plain node from any directory: health, the contract, metrics on their own port, SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-compiled-'));
    dirs.push(workDir);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child: ChildProcess = spawn(
      process.execPath,
      ['--enable-source-maps', path.join(outdir, 'main.js')],
      {
        cwd: workDir,
        env: {
          ...(await serverEnv(path.join(workDir, 'data'))),
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const deadline = Date.now() + 150_000;
    while (!/is running at http:\/\/127\.0\.0\.1:\d+/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The contract loaded from the repository validates requests: a sign-in without a password is a
    // 400 naming it.
    const signIn = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jane@example.com' }),
    });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { msg: string }).msg).toMatch(/password/);
    // The password list travelled with the build: a common password is refused at sign-up.
    const register = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullname: 'Jane Doe',
        email: 'jane@example.com',
        phone: '(555) 123-4567',
        password: 'password123',
        country: 'United States',
      }),
    });
    expect(register.status).toBe(400);

    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"/);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  });
});
