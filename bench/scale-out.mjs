// The API scaled out: the real server on PostgreSQL as the data grows, as instances are added, and
// as live events cross from one instance to another. Figures, not tests: a missed target is
// reported, never failed; an error (a non-2xx answer, a broken ledger, an event that never arrives)
// fails the run.
//   node bench/run.mjs scale
// BENCH_DATABASE_URL names the PostgreSQL server (default: the local one); BENCH_SCALE_USERS sets the
// users the database grows by (default 1,000,000, ten ledger entries each), for a quicker trial.

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from '../scripts/lib/proc.mjs';
import { load, measure, verdict } from './api.mjs';
import { checkLedgerRules, createSeeder } from './api-seed.mjs';
import { admin, nextAddress, pg, registerVerified, round, signIn, withBenchServer } from './api-server.mjs';
import { percentile } from './deposit-queue.mjs';

const targets = {
  /** Growth: the grown database's p99 over the small one's, per request. */
  growthP99Ratio: 1.3,
  /** Two instances' server CPU per request over one instance's. */
  cpuRatio: 1.1,
  eventP99Ms: 250,
};

const sizes = {
  /** ~50 journal rows, as an investor of a few months has (api.mjs's user-info investor). */
  typicalHistoryRows: 42,
  growthUsers: Number(process.env.BENCH_SCALE_USERS) || 1_000_000,
  /** Two entries each: ten ledger entries per grown user. */
  journalsPerUser: 5,
  /** Requests of the CPU figure, half user-info and half the first history page. */
  cpuRequests: 12_000,
  /**
   * The CPU figure's load, in requests per second over all connections: well under what one
   * instance serves (about 1,300 a second here), so no configuration saturates the machine's cores.
   * At saturation two server processes, PostgreSQL and the load generator take turns on two cores,
   * and each request's CPU time grows with the switching, which says nothing of the server.
   */
  cpuRate: 500,
  cpuConnections: 10,
  /** Rounds of one instance, two, then one with half the connections. */
  cpuRounds: 2,
  streamUsers: 200,
  /** The server's cap of streams per account: 200 users hold 1,000 streams. */
  streamsPerUser: 5,
  approvals: 250,
};

const userInfoPath = '/api/v1/users/user-info';
const historyPath = '/api/v1/transaction-history';

/** A line on the machine's state: other work on its two cores moves every figure. */
const loadNow = () => round(loadavg()[0], 2);

/** The typical user's two requests, 10 connections for 10 s each, after a warm-up. */
async function measureTypical(base, token) {
  const headers = { authorization: `Bearer ${token}` };
  const options = { connections: 10, duration: 10, headers };
  return {
    loadBefore: loadNow(),
    userInfo: await measure('user-info', { ...options, url: `${base}${userInfoPath}` }),
    history: await measure('history', { ...options, url: `${base}${historyPath}` }),
  };
}

const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds a process has used, user and system, from /proc (its threads included). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may hold spaces, end with ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

/**
 * `sizes.cpuRequests` requests (user-info and the first history page in turn) over `connections`
 * spread over `instances`, each connection keeping to one: the server processes' CPU used, summed.
 */
async function cpuRun(label, instances, connections, rate, token) {
  const options = {
    url: instances.map((instance) => `${instance.base}${userInfoPath}`),
    connections,
    overallRate: rate,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ path: userInfoPath }, { path: historyPath }],
  };
  // A warm-up on every instance: JIT, pool and caches of each, before anything is counted.
  await load(`${label} (warm-up)`, { ...options, amount: sizes.cpuRequests / 5 });
  const before = instances.map((instance) => cpuSeconds(instance.pid));
  const started = performance.now();
  const result = await load(label, { ...options, amount: sizes.cpuRequests });
  return {
    requests: result.requests,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: instances.reduce((sum, instance, index) => sum + cpuSeconds(instance.pid) - before[index], 0),
  };
}

/**
 * Server CPU per request with one instance and with two, in alternating rounds, so a change in the
 * machine's other work meanwhile weighs on each alike. A third configuration, one instance with each
 * instance's share when there are two (half the connections at half the rate), tells what a less
 * busy process costs per request apart from what two processes might cost each other: when two
 * instances cost what that one does, nothing between them adds to a request's cost.
 */
async function cpuParity(token, [first, second]) {
  const configurations = [
    { name: 'one', instances: [first], connections: sizes.cpuConnections, rate: sizes.cpuRate },
    { name: 'two', instances: [first, second], connections: sizes.cpuConnections, rate: sizes.cpuRate },
    {
      name: 'oneHalfLoad',
      instances: [first],
      connections: sizes.cpuConnections / 2,
      rate: sizes.cpuRate / 2,
    },
  ];
  const totals = Object.fromEntries(
    configurations.map(({ name }) => [name, { requests: 0, seconds: 0, cpuSeconds: 0 }]),
  );
  // The second instance has just started while the first has served every figure before: it gets as
  // many requests alone first, so that both are compiled as hot before anything is counted.
  await cpuRun('cpu, second instance (warm-up)', [second], sizes.cpuConnections, sizes.cpuRate, token);
  for (let round = 0; round < sizes.cpuRounds; round += 1) {
    for (const { name, instances, connections, rate } of configurations) {
      const run = await cpuRun(`cpu, ${name}`, instances, connections, rate, token);
      totals[name].requests += run.requests;
      totals[name].seconds += run.seconds;
      totals[name].cpuSeconds += run.cpuSeconds;
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, total]) => [
      name,
      {
        ...total,
        requestsPerSecond: Math.round(total.requests / total.seconds),
        cpuMsPerRequest: (total.cpuSeconds * 1000) / total.requests,
      },
    ]),
  );
}

/**
 * One event stream read over raw HTTP (lighter than fetch for a thousand): resolves once the server
 * has answered 200 with the stream open; `onEvent` gets each event's name and parsed data.
 */
function openStream(base, token, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/v1/events`, {
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        'x-forwarded-for': nextAddress(),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          reject(new Error(`GET /api/v1/events answered ${response.statusCode}: ${body}`)),
        );
        return;
      }
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (chunk) => {
        pending += chunk;
        let end = pending.indexOf('\n\n');
        while (end !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          end = pending.indexOf('\n\n');
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) onEvent(event, JSON.parse(data));
        }
      });
      resolve({ close: () => request.destroy() });
    });
  });
}

/** Sessions made with SQL, as a sign-in makes them (only the token's SHA-256 is kept): their tokens. */
async function seedSessions(db, userIds) {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token, 'utf8').digest('hex'));
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT user_id, token_hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
    [userIds, hashes],
  );
  return tokens;
}

/**
 * Deposits approved one at a time through instance A while 1,000 streams are open on instance B:
 * for each, the time from sending the approval to its `deposit.reviewed` reaching every one of the
 * depositor's streams. Answers null when the server has no event streams.
 */
async function measureEventLatency({ db, call, seed, walletId, passwordHash, baseA, baseB }) {
  const probe = await fetch(`${baseB}/api/v1/events`, { headers: { 'x-forwarded-for': nextAddress() } });
  await probe.body?.cancel();
  if (probe.status === 404) return null;

  const depositIds = await seed.pendingDeposits({
    users: sizes.streamUsers,
    perUser: Math.ceil(sizes.approvals / sizes.streamUsers),
    walletId,
    passwordHash,
  });
  const { rows } = await db.query('SELECT id, user_id FROM deposits WHERE id = ANY($1::uuid[])', [
    depositIds,
  ]);
  const ownerOf = new Map(rows.map((row) => [row.id, row.user_id]));
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const sessionUsers = userIds.flatMap((id) => Array(sizes.streamsPerUser).fill(id));
  const tokens = await seedSessions(db, sessionUsers);

  /** depositId → the streams still waiting for it and what to call when none is. */
  const waiting = new Map();
  const onEvent = (event, data) => {
    if (event !== 'deposit.reviewed') return;
    const wait = waiting.get(data.requestId);
    if (!wait) return;
    wait.left -= 1;
    if (wait.left === 0) wait.done(performance.now());
  };
  const openStarted = performance.now();
  const streams = [];
  // A hundred at a time: the server's accept queue, and the session check of each.
  for (let index = 0; index < tokens.length; index += 100) {
    streams.push(
      ...(await Promise.all(
        tokens.slice(index, index + 100).map((token) => openStream(baseB, token, onEvent)),
      )),
    );
  }
  const openSeconds = (performance.now() - openStarted) / 1000;

  try {
    const adminToken = await signIn(call, admin);
    const times = [];
    const approveAt = `${baseA}/api/v1/admin/deposits`;
    for (const depositId of depositIds.slice(0, sizes.approvals)) {
      let done;
      const arrived = new Promise((resolve) => {
        done = resolve;
      });
      waiting.set(depositId, { left: sizes.streamsPerUser, done });
      const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 10_000).unref());
      const sent = performance.now();
      const response = await fetch(`${approveAt}/${depositId}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'x-forwarded-for': nextAddress() },
      });
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`approving ${depositId} answered ${response.status}: ${text}`);
      const at = await Promise.race([arrived, timeout]);
      waiting.delete(depositId);
      if (at === null) {
        throw new Error(
          `the approval of ${depositId} (user ${ownerOf.get(depositId)}) did not reach its streams on B in 10 s`,
        );
      }
      times.push(at - sent);
    }
    times.sort((a, b) => a - b);
    return {
      streams: streams.length,
      users: userIds.length,
      openSeconds,
      approvals: times.length,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      p99Ms: percentile(times, 99),
      maxMs: times.at(-1),
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}

export function measureScaleOut() {
  return withBenchServer(async ({ base, db, databaseUrl, call, api, loadBefore, startInstance }) => {
    const seed = createSeeder(db);
    const walletId = await seed.wallet();
    const { rows: admins } = await db.query('SELECT id, password_hash FROM users WHERE email = $1', [
      admin.email,
    ]);
    const adminId = admins[0].id;
    const passwordHash = admins[0].password_hash;
    const investor = await registerVerified(call, db, 'typical');
    const typicalJournals = await seed.history({
      userId: investor.id,
      adminId,
      walletId,
      rows: sizes.typicalHistoryRows,
    });
    const token = await signIn(call, investor);
    const page = await call('GET', historyPath, { token });
    if (page.items.length === 0) throw new Error('the typical user has an empty history page');

    // 1. Data growth: the same requests on the small database, then on the grown one, same server.
    const small = await measureTypical(base, token);
    console.log(`  small database measured; growing by ${sizes.growthUsers.toLocaleString('en')} users`);
    // One PostgreSQL process per core writes its share of the users.
    const writers = [db];
    for (let index = 1; index < availableParallelism(); index += 1) {
      const writer = new pg.Client({ connectionString: databaseUrl });
      await writer.connect();
      writers.push(writer);
    }
    const grownAt = performance.now();
    const grown = await seed
      .growth({
        users: sizes.growthUsers,
        journalsPerUser: sizes.journalsPerUser,
        passwordHash,
        clients: writers,
      })
      .finally(() => Promise.all(writers.slice(1).map((writer) => writer.end())));
    const seedSeconds = (performance.now() - grownAt) / 1000;
    // What autovacuum and the checkpointer would have done long since on a database that grew this
    // way over months (else they do it during the grown figures, on the same two cores and disk).
    const vacuumAt = performance.now();
    await db.query('VACUUM (ANALYZE)');
    await db.query('CHECKPOINT');
    const vacuumSeconds = (performance.now() - vacuumAt) / 1000;
    const checkAt = performance.now();
    await checkLedgerRules(db);
    const checkSeconds = (performance.now() - checkAt) / 1000;
    const { rows: counts } = await db.query(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM ledger_journals)::int AS journals,
         (SELECT count(*) FROM ledger_entries)::int AS entries`,
    );
    const size = counts[0];
    console.log(
      `  grown to ${size.users} users, ${size.journals} journals, ${size.entries} entries in ${round(seedSeconds)} s` +
        ` by ${writers.length} connections (users ${round(grown.users.seconds)} s, journals ${round(grown.journals.seconds)} s,` +
        ` entries with their checks ${round(grown.entries.seconds)} s); VACUUM ANALYZE and CHECKPOINT` +
        ` ${round(vacuumSeconds)} s,` +
        ` ledger rules checked in ${round(checkSeconds)} s`,
    );
    // Signed in again: the first session may have gone idle while the database grew.
    const grownToken = await signIn(call, investor);
    const large = await measureTypical(base, grownToken);

    // 2. CPU parity: one instance, then two on the same database, the same requests.
    const second = await startInstance();
    const { one, two, oneHalfLoad } = await cpuParity(grownToken, [
      { base, pid: api.child.pid },
      { base: second.base, pid: second.api.child.pid },
    ]);

    // 3. Event latency: streams on instance B, approvals through instance A.
    const events = await measureEventLatency({
      db,
      call,
      seed,
      walletId,
      passwordHash,
      baseA: base,
      baseB: second.base,
    });
    await checkLedgerRules(db);

    const growthRow = (figure, smallFigure, largeFigure) => {
      const ratio = largeFigure.p99Ms / smallFigure.p99Ms;
      return {
        figure,
        'small p50 ms': round(smallFigure.p50Ms),
        'small p99 ms': round(smallFigure.p99Ms),
        'grown p50 ms': round(largeFigure.p50Ms),
        'grown p99 ms': round(largeFigure.p99Ms),
        'p99 ratio': round(ratio, 2),
        target: `<= ${targets.growthP99Ratio}`,
        result: verdict(ratio <= targets.growthP99Ratio),
      };
    };
    console.log(
      `\nScale: data growth (typical user, ${typicalJournals} journals; grown by ${grown.users.rows} users,` +
        ` ${size.journals} journals, ${size.entries} ledger entries, seeded in ${round(seedSeconds)} s;` +
        ` 10 connections, 10 s each; load average ${small.loadBefore} before the small run,` +
        ` ${large.loadBefore} before the grown one)`,
    );
    console.table([
      growthRow('user-info', small.userInfo, large.userInfo),
      growthRow('history page 1', small.history, large.history),
    ]);

    const cpuRatio = two.cpuMsPerRequest / one.cpuMsPerRequest;
    const cpuShareRatio = two.cpuMsPerRequest / oneHalfLoad.cpuMsPerRequest;
    const cpuRow = (figure, measured) => ({
      figure,
      requests: measured.requests,
      'req/s': measured.requestsPerSecond,
      'server CPU s': round(measured.cpuSeconds, 2),
      'CPU ms/request': round(measured.cpuMsPerRequest, 3),
    });
    console.log(
      `\nScale: server CPU per request, one instance against two on one database (user-info and history` +
        ` page 1 in turn, ${sizes.cpuConnections} connections at ${sizes.cpuRate} requests a second in all,` +
        ` ${sizes.cpuRounds} rounds;` +
        ` ${availableParallelism()} cores shared with PostgreSQL and the load generator)`,
    );
    console.table([
      cpuRow('one instance', one),
      cpuRow('two instances', two),
      cpuRow(
        `one instance at each one's share (${sizes.cpuConnections / 2} connections, ${sizes.cpuRate / 2} req/s)`,
        oneHalfLoad,
      ),
      {
        figure: `two ÷ one = ${round(cpuRatio, 2)}`,
        'CPU ms/request': '',
        target: `<= ${targets.cpuRatio}`,
        result: verdict(cpuRatio <= targets.cpuRatio),
      },
      {
        figure: `two ÷ one at each one's share = ${round(cpuShareRatio, 2)}`,
        'CPU ms/request': '',
        target: `<= ${targets.cpuRatio}`,
        result: verdict(cpuShareRatio <= targets.cpuRatio),
      },
    ]);

    if (events) {
      console.log(
        `\nScale: live events across instances (${events.streams} streams of ${events.users} users open on B` +
          ` in ${round(events.openSeconds)} s; ${events.approvals} deposits approved one at a time through A;` +
          " from sending the approval to deposit.reviewed on all 5 of the depositor's streams)",
      );
      console.table([
        {
          figure: 'approval to event',
          'p50 ms': round(events.p50Ms),
          'p95 ms': round(events.p95Ms),
          'p99 ms': round(events.p99Ms),
          'max ms': round(events.maxMs),
          target: `p99 <= ${targets.eventP99Ms} ms`,
          result: verdict(events.p99Ms <= targets.eventP99Ms),
        },
      ]);
    } else {
      console.log('\nScale: live events across instances not measured: the server has no GET /api/v1/events');
    }

    const report = {
      measuredAt: new Date().toISOString(),
      cores: availableParallelism(),
      loadAverageBefore: loadBefore,
      growth: {
        typicalJournals,
        rows: size,
        seedSeconds: round(seedSeconds),
        perTableSeconds: Object.fromEntries(
          Object.entries(grown).map(([table, made]) => [table, round(made.seconds)]),
        ),
        vacuumSeconds: round(vacuumSeconds),
        checkSeconds: round(checkSeconds),
        small,
        large,
      },
      cpu: {
        one,
        two,
        oneHalfLoad,
        ratio: round(cpuRatio, 3),
        shareRatio: round(cpuShareRatio, 3),
      },
      events,
      targets,
    };
    const outDir = path.join(root, '.tmp', 'bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'scale-out.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('  written to .tmp/bench/scale-out.json');
    return report;
  });
}
