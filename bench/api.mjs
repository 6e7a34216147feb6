// The API under load: the real server process on a fresh PostgreSQL database (made here, dropped at
// the end, failed runs too), seeded through the API where counts are small and with SQL that keeps
// the ledger's rules where they are large. Figures, not tests: a missed target is reported, never
// failed; an error (a non-2xx answer, a broken ledger, a seeding failure) fails the run.
//   node bench/run.mjs api
// BENCH_DATABASE_URL names the PostgreSQL server (default: the local one); BENCH_API_DIR runs the
// server from another copy of apps/api (a change measured against the committed code);
// DATABASE_POOL_SIZE is passed on to the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, root, waitForHttp } from '../scripts/lib/proc.mjs';
import { checkLedgerRules, createSeeder } from './api-seed.mjs';

const requireFromApi = createRequire(path.join(root, 'apps', 'api', 'package.json'));
const pg = requireFromApi('pg');
const autocannon = requireFromApi('autocannon');

const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = { email: 'bench-admin@example.com', password: `bench-admin-${randomBytes(9).toString('hex')}` };

const targets = {
  userInfoP99Ms: 25,
  approvalsPerSecond: 500,
  historyP50Ratio: 1.5,
};

const sizes = {
  /** ~50 journal rows, as an investor of a few months has. */
  userInfoHistoryRows: 42,
  pendingDeposits: 3_000,
  depositors: 600,
  admins: 32,
  smallHistory: 1_000,
  largeHistory: 100_000,
};

function databaseUrlFor(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Distinct client addresses (with TRUST_PROXY, from X-Forwarded-For): per-address limits never bite. */
let addresses = 0;
function nextAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A child process whose output is kept (the last lines are shown when something fails). */
function startProcess(command, args, options) {
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

function startApi({ databaseUrl, port, dataDir }) {
  // `node --import tsx`, not the tsx launcher: one process, so a signal reaches the server itself.
  return startProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
      LOG_LEVEL: 'warn',
      // One proxy: the bench's own X-Forwarded-For spreads its load over many client addresses.
      TRUST_PROXY: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Measuring another pool size: DATABASE_POOL_SIZE=... pnpm bench api (else the server's default).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    },
  });
}

function apiClient(base) {
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
async function registerVerified(call, db, label) {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `plum-orbit-lantern-${randomBytes(4).toString('hex')}`;
  await call('POST', '/api/v1/auth/register', {
    expect: 201,
    body: { fullname: `bench ${label}`, email, phone: '(555) 123-4567', password, country: 'United States' },
  });
  const { rows } = await db.query('SELECT links FROM mail_outbox WHERE "to" = $1', [email]);
  const link = new URL(rows[0]?.links.find((href) => href.includes('/verify-email')) ?? '');
  await call('POST', '/api/v1/auth/verify-email', {
    body: {
      email: link.searchParams.get('email'),
      verificationToken: link.searchParams.get('verificationToken'),
    },
  });
  const { rows: users } = await db.query('SELECT id FROM users WHERE email = $1', [email]);
  return { email, password, id: users[0].id };
}

async function signIn(call, account) {
  const session = await call('POST', '/api/v1/auth/login', {
    body: { email: account.email, password: account.password },
  });
  return session.token;
}

/** Runs autocannon; any non-2xx answer or connection error fails the bench. */
async function load(label, options) {
  const result = await autocannon({ connections: 10, duration: 5, ...options });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const codes = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts (${codes})`,
    );
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

/** A short run first, so the figures are of a warmed-up process (JIT, pool, caches). */
async function measure(label, options) {
  await load(`${label} (warm-up)`, { ...options, duration: 2 });
  return load(label, options);
}

/**
 * Every id approved once, over `tokens.length` connections taking the next id from one queue, each
 * request signed by one of the admin sessions in turn. Driven by autocannon like every other figure
 * (a lighter client than fetch: the load generator shares the server's two cores).
 */
async function approveAll(base, tokens, ids) {
  let next = 0;
  let signer = 0;
  const failures = [];
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: tokens.length,
    amount: ids.length,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const id = ids[next];
          next += 1;
          signer = (signer + 1) % tokens.length;
          return {
            ...request,
            path: `/api/v1/admin/deposits/${id}/approve`,
            headers: { ...request.headers, authorization: `Bearer ${tokens[signer]}` },
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) failures.push(`${status} ${body}`);
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  if (next !== ids.length) throw new Error(`approvals: ${next} requests made for ${ids.length} deposits`);
  return {
    approvals: ids.length,
    seconds,
    perSecond: ids.length / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: [
      ...failures,
      ...(result.errors + result.timeouts > 0
        ? [`${result.errors} errors, ${result.timeouts} timeouts`]
        : []),
    ],
  };
}

const round = (value, digits = 1) => Number(value.toFixed(digits));
const verdict = (met) => (met ? 'PASS' : 'MISS');

export async function measureApi() {
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
  const errors = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Other work on the machine moves every figure: the load average says how quiet it was.
    const loadBefore = round(loadavg()[0], 2);
    console.log(`\nAPI: server on PostgreSQL database ${name}, ${base} (load average ${loadBefore})`);
    const started = performance.now();
    api = startApi({ databaseUrl: databaseUrlFor(name), port, dataDir });
    processes.push(api);
    await api.ready(`${base}/api/v1/healthz`);
    await db.connect();
    const call = apiClient(base);
    console.log(`  server ready in ${round((performance.now() - started) / 1000)} s; seeding`);

    // Seeding: accounts through the API, bulk rows with SQL.
    const seedStarted = performance.now();
    const seed = createSeeder(db);
    const walletId = await seed.wallet();
    const { rows: admins } = await db.query('SELECT id FROM users WHERE email = $1', [admin.email]);
    const adminId = admins[0].id;
    const investor = await registerVerified(call, db, 'info');
    const small = await registerVerified(call, db, 'history-1k');
    const large = await registerVerified(call, db, 'history-100k');
    const signer = await registerVerified(call, db, 'login');
    const journals = {
      userInfo: await seed.history({
        userId: investor.id,
        adminId,
        walletId,
        rows: sizes.userInfoHistoryRows,
      }),
      small: await seed.history({ userId: small.id, adminId, walletId, rows: sizes.smallHistory }),
      large: await seed.history({ userId: large.id, adminId, walletId, rows: sizes.largeHistory }),
    };
    const { rows: hashes } = await db.query('SELECT password_hash FROM users WHERE id = $1', [signer.id]);
    const pendingIds = await seed.pendingDeposits({
      users: sizes.depositors,
      perUser: sizes.pendingDeposits / sizes.depositors,
      walletId,
      passwordHash: hashes[0].password_hash,
    });
    await checkLedgerRules(db);
    // What autovacuum would have done by now on a database that grew this way (else it does it during
    // the first figures, on the same two cores).
    await db.query('VACUUM (ANALYZE)');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `  seeded in ${round(seedSeconds)} s: journals ${journals.userInfo} / ${journals.small} / ${journals.large}` +
        ` (user-info, 1k, 100k), ${pendingIds.length} pending deposits`,
    );

    // a. user-info beside a bare Fastify hello-world, same settings.
    const infoToken = await signIn(call, investor);
    const info = await call('GET', '/api/v1/users/user-info', { token: infoToken });
    if (info.availableBalance <= 0) throw new Error(`user-info shows no balance: ${JSON.stringify(info)}`);
    const heavy = { connections: 50, duration: 10 };
    const userInfo = await measure('user-info', {
      ...heavy,
      url: `${base}/api/v1/users/user-info`,
      headers: { authorization: `Bearer ${infoToken}` },
    });
    const helloPort = await freePort();
    const hello = startProcess(process.execPath, [
      path.join(import.meta.dirname, 'api-hello.mjs'),
      String(helloPort),
    ]);
    processes.push(hello);
    await hello.ready(`http://127.0.0.1:${helloPort}/`);
    const helloWorld = await measure('hello world', { ...heavy, url: `http://127.0.0.1:${helloPort}/` });
    await hello.stop();

    // c. The first history page: 1,000 rows against 100,000.
    const history = {};
    for (const [label, account] of [
      ['1k', small],
      ['100k', large],
    ]) {
      const token = await signIn(call, account);
      const page = await call('GET', '/api/v1/transaction-history?limit=20', { token });
      if (page.items.length !== 20 || !page.nextCursor) throw new Error(`history ${label}: not a full page`);
      history[label] = await measure(`history ${label}`, {
        connections: 10,
        duration: 5,
        url: `${base}/api/v1/transaction-history?limit=20`,
        headers: { authorization: `Bearer ${token}` },
      });
    }

    // b. Deposit approvals: 32 admin sessions over one shared queue.
    const adminTokens = [];
    for (let index = 0; index < sizes.admins; index += 1) adminTokens.push(await signIn(call, admin));
    const approvals = await approveAll(base, adminTokens, pendingIds);
    // A failed approval is an error of the run, reported with the table rather than instead of it.
    if (approvals.failures.length > 0) {
      errors.push(
        `${approvals.failures.length} of ${pendingIds.length} approvals failed, for example:\n    ` +
          approvals.failures.slice(0, 5).join('\n    '),
      );
    }
    const { rows: approvalCheck } = await db.query(
      `SELECT
         (SELECT count(*) FROM deposits WHERE id = ANY($1::uuid[]) AND status = 'approved')::int AS approved,
         (SELECT count(*) FROM ledger_journals WHERE kind = 'deposit' AND deposit_id = ANY($1::uuid[]))::int
           AS journals,
         (SELECT count(*) FROM ledger_journals WHERE kind = 'deposit')::int AS all_deposit_journals,
         (SELECT count(*) FROM deposits WHERE status = 'approved')::int AS all_approved,
         (SELECT count(*) FROM audit_log WHERE action = 'deposit.approve'
           AND target_id = ANY(SELECT unnest($1::uuid[])::text))::int AS audited,
         (SELECT count(*) FROM ledger_journals WHERE kind = 'referral_bonus')::int AS referral_bonuses,
         (SELECT count(DISTINCT d.user_id) FROM deposits d JOIN users u ON u.id = d.user_id
           WHERE d.id = ANY($1::uuid[]) AND u.referred_by_id IS NOT NULL)::int AS referred_depositors`,
      [pendingIds],
    );
    const checked = approvalCheck[0];
    const count = pendingIds.length;
    const approved = count - approvals.failures.length;
    if (
      checked.approved !== approved ||
      checked.journals !== approved ||
      checked.audited !== approved ||
      checked.all_deposit_journals !== checked.all_approved ||
      checked.referral_bonuses !== checked.referred_depositors
    ) {
      throw new Error(`approvals are not each exactly once: ${JSON.stringify(checked)}`);
    }
    await checkLedgerRules(db);

    // d. Sign-ins: argon2 verifies, each from its own address.
    const logins = await measure('login', {
      connections: 8,
      duration: 10,
      url: `${base}/api/v1/auth/login`,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: signer.email, password: signer.password }),
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
          }),
        },
      ],
    });

    const ratio = helloWorld.requestsPerSecond / userInfo.requestsPerSecond;
    const historyRatio = history['100k'].p50Ms / history['1k'].p50Ms;
    const row = (figure, measured, target, met) => ({
      figure,
      'req/s': measured.requestsPerSecond,
      'p50 ms': round(measured.p50Ms),
      'p99 ms': round(measured.p99Ms),
      target,
      result: met === undefined ? '' : verdict(met),
    });
    const table = [
      row(
        'user-info, 50 conn, 10 s',
        userInfo,
        `p99 <= ${targets.userInfoP99Ms} ms`,
        userInfo.p99Ms <= targets.userInfoP99Ms,
      ),
      row('hello world, 50 conn, 10 s', helloWorld, ''),
      { figure: `hello ÷ user-info req/s = ${round(ratio, 2)}`, target: '' },
      {
        figure: `approvals, ${sizes.admins} admins, ${count}`,
        'req/s': round(approvals.perSecond),
        'p50 ms': round(approvals.p50Ms),
        'p99 ms': round(approvals.p99Ms),
        target: `>= ${targets.approvalsPerSecond}/s`,
        result:
          approvals.failures.length > 0
            ? `ERROR: ${approvals.failures.length} failed`
            : verdict(approvals.perSecond >= targets.approvalsPerSecond),
      },
      row('history page 1, 1k rows', history['1k'], ''),
      row('history page 1, 100k rows', history['100k'], ''),
      {
        figure: `history p50 100k ÷ 1k = ${round(historyRatio, 2)}`,
        target: `<= ${targets.historyP50Ratio}`,
        result: verdict(historyRatio <= targets.historyP50Ratio),
      },
      row('login, 8 conn, 10 s', logins, ''),
    ];
    console.log(
      `\nAPI on PostgreSQL (${availableParallelism()} cores shared by the server, PostgreSQL and the load generator;` +
        ` load average ${loadBefore} before the run)`,
    );
    console.table(table);

    const report = {
      measuredAt: new Date().toISOString(),
      database: 'postgresql',
      cores: availableParallelism(),
      loadAverageBefore: loadBefore,
      seedSeconds: round(seedSeconds),
      journals,
      userInfo,
      helloWorld,
      helloToUserInfoRatio: round(ratio, 2),
      approvals: { ...approvals, failures: approvals.failures.length },
      errors,
      history,
      historyP50Ratio: round(historyRatio, 2),
      logins,
      targets,
    };
    const outDir = path.join(root, '.tmp', 'bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'api.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`  written to .tmp/bench/api.json`);
    if (errors.length > 0) {
      const logged = api.loggedErrors();
      throw new Error(
        `The API bench had errors:\n  ${errors.join('\n  ')}\n` +
          `The server logged:\n  ${logged.length > 0 ? logged.join('\n  ') : '(no errors)'}`,
      );
    }
    return report;
  } catch (error) {
    if (api && errors.length === 0)
      console.error(`server output (last lines):\n${api.output().slice(-4_000)}`);
    throw error;
  } finally {
    await cleanUp();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}
