// Investments under a steady load: `POST /funds/{fundId}/investments` at a fixed 200 requests a second
// on the real server and PostgreSQL, every request a new investment (its own Idempotency-Key) by one of
// many investors. Figures, not tests: a missed target is reported, never failed; a non-2xx answer, an
// investment stored other than once, or a broken ledger fails the run.
//   node bench/run.mjs investments
// The trading scheduler is off: what is measured is the request path (the fund locked, the balance
// checked, the request stored and the amount set aside in one transaction), not the valuations.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../scripts/lib/proc.mjs';
import { verdict } from './api.mjs';
import { checkLedgerRules, createSeeder } from './api-seed.mjs';
import { admin, nextAddress, registerVerified, round, signIn, withBenchServer } from './api-server.mjs';

const requireFromApi = createRequire(path.join(root, 'apps', 'api', 'package.json'));
const autocannon = requireFromApi('autocannon');

const targets = { ratePerSecond: 200, p99Ms: 100 };
const sizes = {
  investors: 40,
  /** Rows of history per investor: ten cycles of deposits bring in far more than the bench invests. */
  historyRows: 200,
  seconds: 15,
  connections: 20,
  /** Above every fund's minimum investment. */
  amount: 50,
};

export function measureInvestments() {
  return withBenchServer(
    async ({ base, db, call, loadBefore }) => {
      const seed = createSeeder(db);
      const walletId = await seed.wallet();
      const { rows: admins } = await db.query('SELECT id FROM users WHERE email = $1', [admin.email]);
      const adminId = admins[0].id;
      const tokens = [];
      for (let index = 0; index < sizes.investors; index += 1) {
        const investor = await registerVerified(call, db, `investor-${index}`);
        await seed.history({ userId: investor.id, adminId, walletId, rows: sizes.historyRows });
        const token = await signIn(call, investor);
        // A first investment needs the appropriateness check passed.
        await call('POST', '/api/v1/users/appropriateness', {
          token,
          body: {
            answers: {
              value: 'falls',
              protection: 'none',
              loss: 'afford',
              horizon: 'years',
              experience: 'few',
            },
          },
        });
        tokens.push(token);
      }
      await checkLedgerRules(db);
      await db.query('VACUUM (ANALYZE)');
      const { items } = await call('GET', '/api/v1/funds', { token: tokens[0] });
      const fund = items.find((candidate) => candidate.status === 'trading');
      if (!fund) throw new Error(`no fund is trading: ${JSON.stringify(items)}`);

      let turn = 0;
      let accepted = 0;
      const failures = [];
      const run = (duration, rate) =>
        autocannon({
          url: base,
          connections: sizes.connections,
          duration,
          overallRate: rate,
          timeout: 30,
          requests: [
            {
              method: 'POST',
              path: `/api/v1/funds/${fund._id}/investments`,
              setupRequest: (request) => {
                turn += 1;
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    'content-type': 'application/json',
                    authorization: `Bearer ${tokens[turn % tokens.length]}`,
                    'idempotency-key': randomUUID(),
                    'x-forwarded-for': nextAddress(),
                  },
                  body: JSON.stringify({ amount: sizes.amount }),
                };
              },
              onResponse: (status, body) => {
                if (status === 202) accepted += 1;
                else failures.push(`${status} ${body}`);
              },
            },
          ],
        });
      // A short run first, so the figures are of a warmed-up process (JIT, pool, caches).
      await run(3, targets.ratePerSecond);
      const result = await run(sizes.seconds, targets.ratePerSecond);
      if (failures.length > 0 || result.errors + result.timeouts > 0) {
        throw new Error(
          `investments: ${failures.length} answers other than 202, ${result.errors} errors, ${result.timeouts} timeouts, e.g.\n  ${failures.slice(0, 3).join('\n  ')}`,
        );
      }
      // Every accepted investment stored, warm-up included; beyond them only the requests still in
      // flight when a run stopped (at most one per connection per run), which the server finished.
      const stored = Number(
        (await db.query(`SELECT count(*) AS n FROM fund_requests WHERE kind = 'investment'`)).rows[0].n,
      );
      if (stored < accepted || stored > accepted + 2 * sizes.connections) {
        throw new Error(`${accepted} investments accepted, ${stored} stored`);
      }
      await checkLedgerRules(db);
      const rate = result.requests.total / sizes.seconds;
      console.log(
        `\nAPI: investments at a fixed ${targets.ratePerSecond} requests/s for ${sizes.seconds} s, ${sizes.investors} investors, one fund (load average before ${loadBefore})`,
      );
      console.table({
        investments: {
          'requests/s': round(rate),
          'p50 ms': result.latency.p50,
          'p99 ms': result.latency.p99,
          'max ms': result.latency.max,
          'stored (with warm-up)': stored,
          [`target p99 <= ${targets.p99Ms} ms at ${targets.ratePerSecond}/s`]: verdict(
            result.latency.p99 <= targets.p99Ms && rate >= targets.ratePerSecond * 0.95,
          ),
        },
      });
    },
    { env: { TRADING_SCHEDULER: 'off' } },
  );
}
