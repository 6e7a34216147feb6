import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Timeframe, timeframes } from '@ledgerline/engine';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, rowsOf } from './db/database';
import { fundRequests, fundStates, users } from './db/schema';
import { hashPassword } from './modules/auth/password-hashing';
import { lockUser } from './modules/ledger/balances';
import { setAsideInvestment } from './modules/ledger/fund-postings';
import { testDatabase, testDatabaseUrl } from './testing/database';
import { startExchangeStandIn } from './testing/exchange-stand-in';
import { fundInvariantViolations } from './testing/fund-invariants';
import { profitThroughLedger } from './testing/money';
import { cleansUpAfterFile } from './testing/processes';
import { type ServerProcess, startServerProcess } from './testing/server-process';
import { hour, insertFund, looseRisk } from './testing/trading';
import { until } from './testing/until';

// Collected only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts): the server
// runs as its own process with its trading scheduler on a fast tick, against the exchange stand-in,
// and is killed with SIGKILL while its funds step.

const { children, dirs } = cleansUpAfterFile();
const minute = timeframes['1m' satisfies Timeframe];
const pairs = { 'AVAX/USDT': 30, 'LINK/USDT': 15, 'DOT/USDT': 6, 'LTC/USDT': 90 } as const;
type Pair = keyof typeof pairs;
const costs = { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 };
/** Orders on candles up to three hours old go through: the funds trade while they catch up. */
const risk = { ...looseRisk, maxDataAgeMs: 3 * hour };
/** The candles a fund with no state starts from (`warmUpCandles`), one minute each. */
const catchUp = 60;
/** Each investor's pause between two requests while they stream. */
const streamPauseMs = 100;

/** Each pair's price in a minute: a wave, so the trend fund enters and leaves and the index rebalances. */
function priceAt(pair: Pair, time: number): string {
  const phase = Object.keys(pairs).indexOf(pair);
  return (pairs[pair] * (1 + 0.05 * Math.sin(time / minute / 3 + phase))).toFixed(2);
}

function startServer(databaseUrl: string, dataDir: string, exchangeUrl: string): Promise<ServerProcess> {
  return startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      ADMIN_EMAIL: 'trading-crash-admin@example.com',
      ADMIN_PASSWORD: `crash-admin-${randomBytes(9).toString('hex')}`,
      TRADING_EXCHANGE_URL: exchangeUrl,
      TRADING_TICK_SECONDS: '0.2',
      TRADING_VALUATION_MINUTES: '1',
    },
    children,
  );
}

type Investor = { id: string; email: string; password: string; token: string };

/** Investors made in the database with a real password, each credited 100,000 USD. */
async function investors(db: Database, count: number): Promise<Investor[]> {
  const tag = randomBytes(4).toString('hex');
  const password = `crash-investor-${tag}`;
  const passwordHash = await hashPassword(password);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `trading-crash-${tag}-${index}@example.com`,
        fullname: `investor ${index}`,
        phone: '(555) 123-4567',
        country: 'United States',
        passwordHash,
        emailVerifiedAt: new Date(),
        referralCode: `t${tag}${index}`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  for (const row of rows) await profitThroughLedger(row.id, 100_000_00);
  return rows.map((row) => ({ ...row, password, token: '' }));
}

/**
 * An investment made an hour before the server starts, as the investments handler makes one (the
 * request and its money set aside, in one transaction): the funds have money to trade while they
 * catch up on the closed candles.
 */
async function earlierInvestment(
  db: Database,
  request: { userId: string; fundId: string; amountCents: number; createdAt: Date },
) {
  await db.transaction(async (tx) => {
    await lockUser(tx, request.userId);
    const [stored] = await tx
      .insert(fundRequests)
      .values({ kind: 'investment', ...request })
      .returning({ id: fundRequests.id });
    if (!stored) throw new Error('the investment was not stored');
    await setAsideInvestment(tx, { ...request, requestId: stored.id });
  });
}

async function signIn(base: string, investor: Investor): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: investor.email, password: investor.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A request to invest or redeem, with its Idempotency-Key. */
type Sent = { investor: Investor; path: string; body: object; key: string };
type Answer = { status: number; requestId: string | null; body: string };

/** One POST; null when no answer came (the server died first). */
async function send(base: string, sent: Sent): Promise<Answer | null> {
  try {
    const response = await fetch(`${base}/api/v1${sent.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${sent.investor.token}`,
        'idempotency-key': sent.key,
      },
      body: JSON.stringify(sent.body),
    });
    const body = await response.text();
    const parsed = response.status === 202 ? (JSON.parse(body) as { request: { _id: string } }) : null;
    return { status: response.status, requestId: parsed?.request._id ?? null, body };
  } catch {
    return null;
  }
}

describe('the trading scheduler on PostgreSQL, killed mid-step', () => {
  it('three SIGKILLs while funds step, restarts on the same database: nothing placed, filled or priced twice or lost', {
    timeout: 900_000,
  }, async () => {
    const databaseUrl = await testDatabaseUrl();
    if (!databaseUrl) throw new Error('this file runs on PostgreSQL only: set TEST_DATABASE_URL');
    const { db } = await testDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-trading-crash-'));
    dirs.push(dataDir);

    // The exchange's one-minute candles from seventy minutes ago to half an hour ahead (each served
    // once it has closed: ccxt drops the one still open).
    const standIn = await startExchangeStandIn(Object.keys(pairs));
    const start = Math.floor(Date.now() / minute) * minute;
    for (const pair of Object.keys(pairs) as Pair[]) {
      const candles = [];
      for (let time = start - 70 * minute; time <= start + 30 * minute; time += minute) {
        const open = priceAt(pair, time - minute);
        const close = priceAt(pair, time);
        const high = Number(open) > Number(close) ? open : close;
        const low = Number(open) < Number(close) ? open : close;
        candles.push({ time, open, high, low, close });
      }
      standIn.setCandles(pair, candles);
    }

    try {
      const funds = [
        await insertFund(db, {
          slug: 'crash-index',
          costs,
          risk,
          managementFeeBps: 1_000,
          strategy: {
            kind: 'index',
            timeframe: '1m',
            weights: { 'AVAX/USDT': 60, 'LINK/USDT': 40 },
            rebalanceEveryCandles: 1,
            driftBandPct: 1,
            cashReservePct: 0,
          },
        }),
        await insertFund(db, {
          slug: 'crash-recurring',
          costs,
          risk,
          managementFeeBps: 200,
          strategy: {
            kind: 'recurring-buy',
            timeframe: '1m',
            amountCents: 20_00,
            weights: { 'DOT/USDT': 100 },
            schedule: { everyCandles: 1 },
          },
        }),
        await insertFund(db, {
          slug: 'crash-trend',
          costs,
          risk: { ...risk, maxOpenPositions: 1 },
          managementFeeBps: 0,
          strategy: {
            kind: 'trend',
            timeframe: '1m',
            pairs: ['LTC/USDT'],
            fastPeriod: 2,
            slowPeriod: 3,
            positionSizePct: 90,
            stopLossPct: 3,
            takeProfitPct: 6,
            trailingStopPct: null,
            maxCandlesHeld: 4,
          },
        }),
      ];
      const fundIds = funds.map((fund) => fund.id);
      const people = await investors(db, 8);
      const credited = new Map(people.map((investor) => [investor.id, 100_000_00n]));
      for (const [index, investor] of people.entries()) {
        for (const fundId of fundIds) {
          await earlierInvestment(db, {
            userId: investor.id,
            fundId,
            amountCents: 1_000_00 + index * 1_00,
            createdAt: new Date(start - 65 * minute),
          });
        }
      }

      /** Steps stored so far, over the three funds (each step raises its fund's version by one). */
      const stepsStored = async () => {
        const rows = await db
          .select({ version: fundStates.version })
          .from(fundStates)
          .where(inArray(fundStates.fundId, fundIds));
        return rows.reduce((sum, row) => sum + row.version, 0);
      };
      const outputs: string[] = [];
      // Every request the investors send, and each key's answer once one has come.
      const sent: Sent[] = [];
      const answers = new Map<string, Answer>();
      const unanswered = () => sent.filter((request) => !answers.has(request.key));
      /** Sends `request`, recorded; false when no answer came (the server died first). */
      const sendRecorded = async (base: string, request: Sent) => {
        sent.push(request);
        const answer = await send(base, request);
        if (answer === null) return false;
        answers.set(request.key, answer);
        return true;
      };

      /**
       * Kills the server once `steps` steps are stored; answers the steps stored when it died. While
       * investors stream requests, each sends one more just before: those are on their way or half
       * handled when the server dies, and their answers are lost.
       */
      const killAt = async (server: ServerProcess, steps: number, run?: number) => {
        await until(async () => (await stepsStored()) >= steps, 300_000, 100);
        const burst =
          run === undefined
            ? Promise.resolve()
            : Promise.all(
                people.map((investor, index) =>
                  sendRecorded(server.base, {
                    investor,
                    path: `/funds/${fundIds[index % fundIds.length]}/investments`,
                    body: { amount: 10 },
                    key: `crash-burst-${run}-${index}`,
                  }),
                ),
              );
        await new Promise((resolve) => setTimeout(resolve, 5));
        server.child.kill('SIGKILL');
        await server.exited;
        await burst;
        outputs.push(server.output());
        return stepsStored();
      };
      /**
       * Each investor's requests one after another, a pause between them, until the server dies: a
       * steady flow beside the steps, not a flood that would starve them of the machine.
       */
      const stream = (base: string, run: number) =>
        Promise.all(
          people.map(async (investor, index) => {
            for (let n = 0; n < 4_000; n++) {
              const request: Sent =
                run === 0 && n === 0
                  ? // From the fund that steps first: its units were issued at the runs' first step.
                    {
                      investor,
                      path: `/funds/${fundIds[0]}/redemptions`,
                      body: { units: `${5 + index}.5` },
                      key: `crash-redeem-${index}`,
                    }
                  : {
                      investor,
                      path: `/funds/${fundIds[(index + n) % fundIds.length]}/investments`,
                      body: { amount: 10 },
                      key: `crash-invest-${run}-${index}-${n}`,
                    };
              if (!(await sendRecorded(base, request))) return;
              await new Promise((resolve) => setTimeout(resolve, streamPauseMs));
            }
          }),
        );
      /** Sends again, with their keys, the requests whose answers were lost, until each has one. */
      const sendAgain = async (base: string) => {
        for (const request of unanswered()) {
          const answer = await send(base, request);
          if (answer) answers.set(request.key, answer);
        }
      };
      const stepsAtKills: number[] = [];
      const lostAtKills: number[] = [];

      // First run: killed a few steps into the funds' catch-up.
      let server = await startServer(databaseUrl, dataDir, standIn.url);
      stepsAtKills.push(await killAt(server, 10));
      // Second and third: killed further on, while the investors' requests stream in; each restart
      // first sends again the requests whose answers were lost.
      for (const [run, steps] of [60, 120].entries()) {
        server = await startServer(databaseUrl, dataDir, standIn.url);
        for (const investor of people) investor.token ||= await signIn(server.base, investor);
        await sendAgain(server.base);
        const streaming = stream(server.base, run);
        stepsAtKills.push(await killAt(server, steps, run));
        await streaming;
        lostAtKills.push(unanswered().length);
      }

      // The last run: every request answered, then trading goes on until a candle that closed after
      // this start has been stepped by every fund and every request has been priced.
      server = await startServer(databaseUrl, dataDir, standIn.url);
      const lastStart = Date.now();
      await sendAgain(server.base);
      for (const request of sent) {
        const answer = answers.get(request.key);
        expect(answer?.status, `${request.key}: ${answer?.body}\n${server.output()}`).toBe(202);
      }
      const pending = async () =>
        rowsOf<{ n: number }>(
          await db.execute(
            sql`SELECT count(*)::int AS n FROM fund_requests WHERE status = 'pending' AND fund_id IN ${fundIds}`,
          ),
        )[0]?.n ?? 0;
      await until(
        async () => {
          const rows = await db.select().from(fundStates).where(inArray(fundStates.fundId, fundIds));
          const resumed = rows.filter((row) => (row.lastCloseTime?.getTime() ?? 0) > lastStart);
          return resumed.length === fundIds.length && (await pending()) === 0;
        },
        600_000,
        250,
      );
      // Every key sent again answers what it answered first, and stores nothing more.
      const again = await Promise.all(
        people.map(async (investor) => {
          const own = sent.filter((request) => request.investor === investor);
          const ids: Array<[string, string | null]> = [];
          for (const request of own)
            ids.push([request.key, (await send(server.base, request))?.requestId ?? null]);
          return ids;
        }),
      );
      expect(new Map(again.flat())).toEqual(
        new Map(sent.map((request) => [request.key, answers.get(request.key)?.requestId ?? null])),
      );
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      outputs.push(server.output());

      // Requests were in flight at each kill with requests streaming (their answers were lost).
      expect(
        lostAtKills.every((lost) => lost > 0),
        String(lostAtKills),
      ).toBe(true);
      // Each kill left steps to make: the runs were cut off mid-catch-up, not after it.
      expect(
        stepsAtKills.every((steps) => steps < fundIds.length * catchUp),
        String(stepsAtKills),
      ).toBe(true);
      // One request per key, every one of them priced.
      const stored = rowsOf<{ id: string; status: string }>(
        await db.execute(
          sql`SELECT id, status::text AS status FROM fund_requests WHERE fund_id IN ${fundIds} AND created_at > ${new Date(start - minute)}`,
        ),
      );
      expect(stored.map((row) => row.id).sort()).toEqual(
        sent.map((request) => answers.get(request.key)?.requestId).sort(),
      );
      expect(stored.filter((row) => row.status !== 'priced')).toEqual([]);
      // Trading resumed after the last start: the recurring fund bought on a candle closed since
      // (a fill's time is its candle's open).
      const [bought] = rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM fills WHERE fund_id = ${fundIds[1]} AND time > ${new Date(lastStart - minute)}`,
        ),
      );
      expect(bought?.n).toBeGreaterThan(0);
      // No run's reconciliation found the books and the ledger apart, and no round failed.
      for (const output of outputs) {
        expect(output).not.toMatch(/does not reconcile/);
        expect(output).not.toMatch(/a trading round failed/);
      }
      expect(await fundInvariantViolations(db, fundIds, credited)).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});
