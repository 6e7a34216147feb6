// The real API server on a fresh PostgreSQL database, for the API benches: the database is made here
// and dropped at the end (failed and interrupted runs too), the server runs as its own process, and
// accounts are made through the API as people make them.
// BENCH_DATABASE_URL names the PostgreSQL server (default: the local one); BENCH_API_DIR runs the
// server from another copy of apps/api (a change measured against the committed code);
// DATABASE_POOL_SIZE is passed on to the server; BENCH_NODE_ARGS adds options to the server's node,
// space-separated (`--cpu-prof --cpu-prof-dir=.tmp/profiles`: where the server's time goes).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, root, waitForHttp } from '../scripts/lib/proc.mjs';

const requireFromApi = createRequire(path.join(root, 'apps', 'api', 'package.json'));
export const pg = requireFromApi('pg');

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The admin the server makes at start (ADMIN_EMAIL, ADMIN_PASSWORD): signed in as it is, no first password. */
export const admin = {
  email: 'bench-admin@example.com',
  password: `bench-admin-${randomBytes(9).toString('hex')}`,
};

export const round = (value, digits = 1) => Number(value.toFixed(digits));

function databaseUrlFor(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Distinct client addresses (with TRUST_PROXY, from X-Forwarded-For): per-address limits never bite. */
let addresses = 0;
export function nextAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A child process whose output is kept (the last lines are shown when something fails). */
export function startProcess(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  let partialLine = '';
  /** The server's logged errors (JSON lines at level 50 and up), told apart by message, with ids masked. */
  const loggedErrors = new Map();
  const keep = (chunk) => {
    output = (output + String(chunk)).slice(-20_000);
    const lines = (partialLine + String(chunk)).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) {
      const logged = /^\{"level":(?:50|60),.*?"message":"((?:[^"\\]|\\.)*)"/.exec(line);
      if (!logged?.[1]) continue;
      const message = logged[1].replaceAll('\\n', ' ').replaceAll(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>');
      loggedErrors.set(message, (loggedErrors.get(message) ?? 0) + 1);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    child,
    output: () => output,
    loggedErrors: () => [...loggedErrors].map(([message, count]) => `${count} × ${message}`),
    async ready(url) {
      const failed = exited.then((code) => {
        throw new Error(`${command} ${args.join(' ')} exited (${code}) before answering:\n${output}`);
      });
      await Promise.race([waitForHttp(url, 120_000), failed]);
      failed.catch(() => undefined);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function startApi({ databaseUrl, port, dataDir, env = {} }) {
  // `node --import tsx`, not the tsx launcher: one process, so a signal reaches the server itself.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  return startProcess(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: process.env.BENCH_API_DIR ? path.resolve(process.env.BENCH_API_DIR) : path.join(root, 'apps', 'api'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Mail goes to the outbox, which production refuses; nothing else depends on NODE_ENV.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      MARKET_DATA_URL: 'http://127.0.0.1:9',
      TRADING_EXCHANGE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      // One proxy: the bench's own X-Forwarded-For spreads its load over many client addresses.
      TRUST_PROXY: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The figures are of the API's work, not of an authenticator app.
      ADMIN_TWO_FACTOR: 'optional',
      // The admin's sessions stand for as many admins working together (api.mjs signs in 32).
      MAX_SESSIONS_PER_USER: '64',
      // Measuring another pool size: DATABASE_POOL_SIZE=... pnpm bench api (else the server's default).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      // A figure's own settings (e.g. the trading scheduler off).
      ...env,
    },
  });
}

export function apiClient(base) {
  return async function call(method, url, { token, body, expect = 200 } = {}) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-forwarded-for': nextAddress(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (response.status !== expect) {
      throw new Error(`${method} ${url} answered ${response.status}, not ${expect}: ${text}`);
    }
    return text ? JSON.parse(text) : null;
  };
}

/** Registers through the API and follows the link mailed to the outbox: an account that can sign in. */
export async function registerVerified(call, db, label) {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `plum-orbit-lantern-${randomBytes(4).toString('hex')}`;
  await call('POST', '/api/v1/auth/register', {
    expect: 201,
    body: { fullname: `bench ${label}`, email, phone: '(555) 123-4567', password, country: 'United States' },
  });
  // The server makes the account after it has answered (a taken email answers alike, in the same
  // time), so the mail arrives a moment later.
  let href;
  for (let attempt = 0; !href && attempt < 200; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const { rows } = await db.query('SELECT links FROM mail_outbox WHERE "to" = $1', [email]);
    href = rows[0]?.links.find((link) => link.includes('/verify-email'));
  }
  if (!href) throw new Error(`no verification mail reached the outbox for ${email}`);
  const link = new URL(href);
  await call('POST', '/api/v1/auth/verify-email', {
    body: {
      email: link.searchParams.get('email'),
      verificationToken: link.searchParams.get('verificationToken'),
    },
  });
  const { rows: users } = await db.query('SELECT id FROM users WHERE email = $1', [email]);
  return { email, password, id: users[0].id };
}

export async function signIn(call, account) {
  const session = await call('POST', '/api/v1/auth/login', {
    body: { email: account.email, password: account.password },
  });
  return session.token;
}

/**
 * Runs `work` against the real server on a database of its own: `work` gets the server's `base` URL,
 * a `db` client on the same database, `call` (the API through fetch), `api` (the server process),
 * `databaseUrl` (for more clients of it), `loadBefore` (the load average when it started), `track` (a
 * process to stop at the end) and `startInstance` (another server process on the same database,
 * stopped at the end too). `env` adds settings to the server's. An error that already carries the server's logged errors (`serverLogShown`) is not followed by its output.
 */
export async function withBenchServer(work, { env = {} } = {}) {
  const name = `ledgerline_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-bench-'));
  const maintenance = new pg.Client({ connectionString: serverUrl });
  await maintenance.connect();
  await maintenance.query(`CREATE DATABASE ${name}`);
  const db = new pg.Client({ connectionString: databaseUrlFor(name) });
  const processes = [];
  let cleaned;
  const cleanUp = () => {
    cleaned ??= (async () => {
      await Promise.all(processes.map((started) => started.stop()));
      await db.end().catch(() => undefined);
      await maintenance.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) => {
        console.error(`Could not drop the bench database ${name}: ${error.message}`);
      });
      await maintenance.end().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  const interrupted = (signal) => {
    console.error(`\n${signal}: stopping the server and dropping ${name}`);
    cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let api;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Other work on the machine moves every figure: the load average says how quiet it was.
    const loadBefore = round(loadavg()[0], 2);
    console.log(`\nAPI: server on PostgreSQL database ${name}, ${base} (load average ${loadBefore})`);
    const started = performance.now();
    api = startApi({ databaseUrl: databaseUrlFor(name), port, dataDir, env });
    processes.push(api);
    await api.ready(`${base}/api/v1/healthz`);
    await db.connect();
    console.log(`  server ready in ${round((performance.now() - started) / 1000)} s; seeding`);
    return await work({
      base,
      db,
      call: apiClient(base),
      api,
      loadBefore,
      track: (started) => processes.push(started),
      databaseUrl: databaseUrlFor(name),
      /** Another instance of the server on the same database: its `base` URL and its process. */
      async startInstance() {
        const port = await freePort();
        const instance = startApi({ databaseUrl: databaseUrlFor(name), port, dataDir, env });
        processes.push(instance);
        const instanceBase = `http://127.0.0.1:${port}`;
        await instance.ready(`${instanceBase}/api/v1/healthz`);
        return { base: instanceBase, api: instance };
      },
    });
  } catch (error) {
    if (api && !error?.serverLogShown)
      console.error(`server output (last lines):\n${api.output().slice(-4_000)}`);
    throw error;
  } finally {
    await cleanUp();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}
