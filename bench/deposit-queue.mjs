// The back office's deposit queue at scale: GET /admin/deposits on the real server over PostgreSQL,
// with a month of 200,000 deposits from 20,000 depositors, 100,000 of them pending. Each figure is
// the latency of one request at a time from this process over 127.0.0.1 on a kept-alive connection:
// the server's time plus a loopback round trip, with nothing else queued before it. Figures, not
// tests: a missed target is reported, never failed; a wrong page or a non-2xx answer fails the run.
//   node bench/run.mjs queue
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from '../scripts/lib/proc.mjs';
import { createSeeder, walletAddress } from './api-seed.mjs';
import { admin, nextAddress, round, signIn, withBenchServer } from './api-server.mjs';

const targets = { p99Ms: 50 };

const sizes = {
  deposits: 200_000,
  pending: 100_000,
  depositors: 20_000,
  /** The most pending deposits one user may have (the server's MAX_PENDING_DEPOSITS_PER_USER default). */
  perUserPending: 10,
  /** The queue's page size, as the back office asks for it. */
  pageSize: 50,
  /** The user page's: the user's newest deposits. */
  userPageSize: 10,
  warmUpRequests: 30,
  requests: 300,
};

/** One request at a time on one kept-alive connection: its latency, status and body. */
function timedGet(agent, url, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** The p-th percentile of sorted numbers (nearest rank). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Latencies of `sizes.requests` requests after a warm-up; any answer but 200 fails the run. */
async function sample(agent, url, token) {
  const times = [];
  for (let index = 0; index < sizes.warmUpRequests + sizes.requests; index += 1) {
    const { ms, status, body } = await timedGet(agent, url, token);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${body}`);
    if (index >= sizes.warmUpRequests) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    p99Ms: round(percentile(times, 99), 2),
    maxMs: round(times.at(-1), 2),
  };
}

/**
 * A cursor as the server makes one (base64url of the row's instant and id): the queue's last page is
 * reached from it without walking two thousand pages. A cursor the server no longer reads answers 400,
 * which fails the run.
 */
const cursorAt = (row) =>
  Buffer.from(JSON.stringify({ c: row.created_at.toISOString(), i: row.id })).toString('base64url');

/**
 * The database's share of a figure: EXPLAIN ANALYZE of the query the handler makes for the same
 * query string (deposits with their user and reviewer, filtered, newest first, one row past the page),
 * the median of five runs, and the deposits index it reads. The latency is of the whole request.
 */
async function databaseTime(db, query) {
  const params = new URLSearchParams(query);
  const values = [];
  const where = [];
  const bind = (value) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (params.get('status')) where.push(`d.status = ${bind(params.get('status'))}`);
  if (params.get('type')) where.push(`d.type = ${bind(params.get('type'))}`);
  if (params.get('userId')) where.push(`d.user_id = ${bind(params.get('userId'))}`);
  if (params.get('from')) where.push(`d.created_at >= ${bind(params.get('from'))}`);
  if (params.get('to')) where.push(`d.created_at < ${bind(params.get('to'))}`);
  if (params.get('cursor')) {
    const { c, i } = JSON.parse(Buffer.from(params.get('cursor'), 'base64url').toString('utf8'));
    where.push(`(d.created_at, d.id) < (${bind(c)}::timestamptz, ${bind(i)}::uuid)`);
  }
  const sql = `SELECT d.*, u.id, u.fullname, u.email, r.id, r.fullname, r.email
    FROM deposits d JOIN users u ON u.id = d.user_id LEFT JOIN users r ON r.id = d.reviewed_by_id
    ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY d.created_at DESC, d.id DESC LIMIT ${Number(params.get('limit') ?? 20) + 1}`;
  const times = [];
  const indexes = new Set();
  for (let run = 0; run < 5; run += 1) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
    const [explained] = rows[0]['QUERY PLAN'];
    times.push(explained['Execution Time']);
    const visit = (node) => {
      if (node['Relation Name'] === 'deposits') indexes.add(node['Index Name'] ?? node['Node Type']);
      for (const child of node.Plans ?? []) visit(child);
    };
    visit(explained.Plan);
  }
  times.sort((a, b) => a - b);
  return { dbMs: round(times[2], 2), index: [...indexes].join(', ') };
}

/** Each page's rows, checked against what its query asks for (the figure is of a right answer only). */
function checkPage(label, page, { size, status, type, userId, from, to, last }) {
  const problems = [];
  if (last ? page.nextCursor !== null : page.items.length !== size || !page.nextCursor) {
    problems.push(`${page.items.length} items, nextCursor ${page.nextCursor ? 'set' : 'null'}`);
  }
  for (const [index, item] of page.items.entries()) {
    if (status && item.status !== status) problems.push(`item ${index} is ${item.status}`);
    if (type && item.type !== type) problems.push(`item ${index} is ${item.type}`);
    if (userId && item.user._id !== userId) problems.push(`item ${index} is another user's`);
    if (from && item.createdAt < from) problems.push(`item ${index} is before ${from}`);
    if (to && item.createdAt >= to) problems.push(`item ${index} is not before ${to}`);
    const next = page.items[index + 1];
    if (next && next.createdAt > item.createdAt)
      problems.push(`item ${index + 1} is newer than item ${index}`);
  }
  if (problems.length > 0)
    throw new Error(`${label}: not the page asked for: ${problems.slice(0, 5).join('; ')}`);
}

export function measureDepositQueue() {
  return withBenchServer(async ({ base, db, call, loadBefore }) => {
    const seedStarted = performance.now();
    const seed = createSeeder(db);
    const { rows: wallets } = await db.query(
      `INSERT INTO wallets (wallet_name, type, address) VALUES
         ('bitcoin main', 'bitcoin', $1), ('ethereum main', 'ethereum', '0x52908400098527886E0F7030069857D2E4169EE7'),
         ('usdt main', 'usdt', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')
       RETURNING id, type`,
      [walletAddress],
    );
    const walletIds = Object.fromEntries(wallets.map((wallet) => [wallet.type, wallet.id]));
    const { rows: admins } = await db.query('SELECT id, password_hash FROM users WHERE email = $1', [
      admin.email,
    ]);
    const queue = await seed.depositQueue({
      users: sizes.depositors,
      total: sizes.deposits,
      pending: sizes.pending,
      perUserPending: sizes.perUserPending,
      walletIds,
      adminId: admins[0].id,
      passwordHash: admins[0].password_hash,
    });
    await db.query('VACUUM (ANALYZE)');
    const { rows: counts } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'pending' AND type = 'bitcoin')::int AS pending_bitcoin,
         count(*) FILTER (WHERE user_id = $1)::int AS large_depositor,
         count(*) FILTER (WHERE user_id = $1 AND status = 'pending')::int AS large_depositor_pending,
         (SELECT count(*)::int FROM (SELECT DISTINCT user_id FROM deposits WHERE status = 'pending') AS u)
           AS pending_depositors
       FROM deposits`,
      [queue.largeDepositorId],
    );
    const seeded = counts[0];
    console.log(
      `  seeded in ${round((performance.now() - seedStarted) / 1000)} s: ${sizes.deposits} deposits,` +
        ` ${queue.pending} pending from ${seeded.pending_depositors} depositors` +
        ` (${seeded.pending_bitcoin} bitcoin); the largest depositor has ${seeded.large_depositor}, ${seeded.large_depositor_pending} pending`,
    );

    const token = await signIn(call, admin);
    const queueQuery = `status=pending&type=bitcoin&limit=${sizes.pageSize}`;
    const first = await call('GET', `/api/v1/admin/deposits?${queueQuery}`, { token });
    // The queue's last page: the 50 oldest pending bitcoin deposits, after the cursor of the 51st.
    const { rows: lastKeys } = await db.query(
      `SELECT created_at, id FROM deposits WHERE status = 'pending' AND type = 'bitcoin'
       ORDER BY created_at, id OFFSET $1 LIMIT 1`,
      [sizes.pageSize],
    );
    // Creation windows: the last day (the backlog: nearly all pending), one day three weeks ago (nearly
    // all resolved: a few forgotten deposits among thousands), and all before 20 days ago (the
    // forgotten ones alone, in the rarest coin: a short list under a hundred thousand other rows).
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const lastDay = { from: new Date(now - day).toISOString(), to: new Date(now).toISOString() };
    const weeksAgo = {
      from: new Date(now - 22 * day).toISOString(),
      to: new Date(now - 21 * day).toISOString(),
    };
    const forgotten = { to: new Date(now - 20 * day).toISOString() };
    const window = ({ from, to }) =>
      `${from ? `&from=${encodeURIComponent(from)}` : ''}${to ? `&to=${encodeURIComponent(to)}` : ''}`;

    const pending = { status: 'pending', type: 'bitcoin', size: sizes.pageSize };
    const figures = [
      { figure: 'queue page 1 (pending, bitcoin)', query: queueQuery, expect: pending },
      {
        figure: 'queue page 2 (its nextCursor)',
        query: `${queueQuery}&cursor=${first.nextCursor}`,
        expect: pending,
      },
      {
        figure: 'queue last page (oldest 50)',
        query: `${queueQuery}&cursor=${cursorAt(lastKeys[0])}`,
        expect: { ...pending, last: true },
      },
      {
        // Another state: few rejected deposits among the newest rows, most of them under the backlog.
        figure: 'queue page 1 (rejected, all coins)',
        query: `status=rejected&limit=${sizes.pageSize}`,
        expect: { status: 'rejected', size: sizes.pageSize },
      },
      {
        figure: 'user page (userId, 10 newest)',
        query: `userId=${queue.largeDepositorId}&limit=${sizes.userPageSize}`,
        expect: { userId: queue.largeDepositorId, size: sizes.userPageSize },
      },
      {
        // The large depositor's few pending deposits, above twenty thousand resolved ones.
        figure: 'queue of one user (userId)',
        query: `${queueQuery}&userId=${queue.largeDepositorId}`,
        expect: { ...pending, userId: queue.largeDepositorId, last: true },
      },
      {
        figure: 'queue, from/to the last day',
        query: `${queueQuery}${window(lastDay)}`,
        expect: { ...pending, ...lastDay },
      },
      {
        figure: 'queue, from/to a day 3 weeks ago',
        query: `${queueQuery}${window(weeksAgo)}`,
        expect: { ...pending, ...weeksAgo },
      },
      {
        figure: 'queue, usdt, to 20 days ago',
        query: `status=pending&type=usdt&limit=${sizes.pageSize}${window(forgotten)}`,
        expect: { ...pending, type: 'usdt', ...forgotten, last: true },
      },
    ];

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const rows = [];
    try {
      for (const { figure, query, expect } of figures) {
        const url = `${base}/api/v1/admin/deposits?${query}`;
        checkPage(figure, await call('GET', `/api/v1/admin/deposits?${query}`, { token }), expect);
        const measured = await sample(agent, url, token);
        const { dbMs, index } = await databaseTime(db, query);
        rows.push({
          figure,
          ...Object.fromEntries(
            Object.entries(measured).map(([key, value]) => [key.replace('Ms', ' ms'), value]),
          ),
          target: `p99 <= ${targets.p99Ms} ms`,
          result: measured.p99Ms <= targets.p99Ms ? 'PASS' : 'MISS',
          'db ms': dbMs,
          'deposits read by': index,
          measured: { ...measured, dbMs, index },
        });
      }
    } finally {
      agent.destroy();
    }

    console.log(
      `\nAPI: the deposit queue on PostgreSQL, ${queue.pending} pending of ${sizes.deposits} deposits` +
        ` (${sizes.requests} requests each, one at a time after ${sizes.warmUpRequests} to warm up;` +
        ` latency on 127.0.0.1 over a kept-alive connection; ${availableParallelism()} cores;` +
        ` load average ${loadBefore} before the run)`,
    );
    console.table(rows.map(({ measured: _, ...row }) => row));
    console.log(
      '  db ms: EXPLAIN ANALYZE of the same filters in the database alone (median of 5); the index it reads',
    );

    const report = {
      measuredAt: new Date().toISOString(),
      database: 'postgresql',
      cores: availableParallelism(),
      loadAverageBefore: loadBefore,
      deposits: sizes.deposits,
      pending: queue.pending,
      figures: Object.fromEntries(rows.map(({ figure, measured }) => [figure, measured])),
      targets,
    };
    const outDir = path.join(root, '.tmp', 'bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'queue.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('  written to .tmp/bench/queue.json');
    return report;
  });
}
