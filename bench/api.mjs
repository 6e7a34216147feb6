// The API under load: the real server process on a fresh PostgreSQL database (made here, dropped at
// the end, failed runs too), seeded through the API where counts are small and with SQL that keeps
// the ledger's rules where they are large. Figures, not tests: a missed target is reported, never
// failed; an error (a non-2xx answer, a broken ledger, a seeding failure) fails the run.
//   node bench/run.mjs api
// BENCH_DATABASE_URL names the PostgreSQL server (default: the local one); BENCH_API_DIR runs the
// server from another copy of apps/api (a change measured against the committed code);
// DATABASE_POOL_SIZE is passed on to the server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, root } from '../scripts/lib/proc.mjs';
import { checkLedgerRules, createSeeder } from './api-seed.mjs';
import {
  admin,
  nextAddress,
  registerVerified,
  round,
  signIn,
  startProcess,
  withBenchServer,
} from './api-server.mjs';

const requireFromApi = createRequire(path.join(root, 'apps', 'api', 'package.json'));
const autocannon = requireFromApi('autocannon');

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
  /** Accounts signing in together: the server lets only a few sign-ins of one account in at once. */
  signers: 8,
  smallHistory: 1_000,
  largeHistory: 100_000,
};

/** Runs autocannon; any non-2xx answer or connection error fails the bench. */
export async function load(label, options) {
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
export async function measure(label, options) {
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
  // Timed to the last answer: autocannon ends a run of a set `amount` only at its next one-second
  // sample, so its own end would round the time up to whole seconds (3,000 approvals: 1,500/s,
  // 1,000/s, 750/s and nothing between).
  let lastAnswered = started;
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
          lastAnswered = performance.now();
          if (status !== 200) failures.push(`${status} ${body}`);
        },
      },
    ],
  });
  const seconds = (lastAnswered - started) / 1000;
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

export const verdict = (met) => (met ? 'PASS' : 'MISS');

export function measureApi() {
  return withBenchServer(async ({ base, db, call, api, loadBefore, track }) => {
    const errors = [];
    // Seeding: accounts through the API, bulk rows with SQL.
    const seedStarted = performance.now();
    const seed = createSeeder(db);
    const walletId = await seed.wallet();
    const { rows: admins } = await db.query('SELECT id FROM users WHERE email = $1', [admin.email]);
    const adminId = admins[0].id;
    const investor = await registerVerified(call, db, 'info');
    const small = await registerVerified(call, db, 'history-1k');
    const large = await registerVerified(call, db, 'history-100k');
    const signers = [];
    for (let index = 0; index < sizes.signers; index += 1) {
      signers.push(await registerVerified(call, db, `login-${index}`));
    }
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
    const { rows: hashes } = await db.query('SELECT password_hash FROM users WHERE id = $1', [signers[0].id]);
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
    track(hello);
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
      // Failed approvals leave their referral bonuses out too: say why they failed.
      throw new Error(
        `approvals are not each exactly once: ${JSON.stringify(checked)}` +
          (errors.length > 0 ? `\n  ${errors.join('\n  ')}` : ''),
      );
    }
    await checkLedgerRules(db);

    // d. Sign-ins: argon2 verifies, each from its own address, the accounts taking turns (about one
    // sign-in of each at a time).
    let turn = 0;
    const logins = await measure('login', {
      connections: sizes.signers,
      duration: 10,
      url: `${base}/api/v1/auth/login`,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            const signer = signers[turn % signers.length];
            turn += 1;
            return {
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
              body: JSON.stringify({ email: signer.email, password: signer.password }),
            };
          },
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
      row(`login, ${sizes.signers} conn, 10 s`, logins, ''),
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
      throw Object.assign(
        new Error(
          `The API bench had errors:\n  ${errors.join('\n  ')}\n` +
            `The server logged:\n  ${logged.length > 0 ? logged.join('\n  ') : '(no errors)'}`,
        ),
        { serverLogShown: true },
      );
    }
    return report;
  });
}
