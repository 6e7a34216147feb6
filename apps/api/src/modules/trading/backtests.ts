import type { components } from '@ledgerline/api-client/contract';
import {
  type BacktestResult,
  backtest,
  type Candle,
  type FundConfig,
  formatDecimal,
  type MarketRules,
  priceScale,
  quantityScale,
  strategyPairs,
  type Timeframe,
  timeframes,
  validateRiskLimits,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { backtests, candles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { raiseEvent } from '../events/live-events';
import { ccxtMarketData, exchangeTimeframes, type MarketData } from './exchange';
import { fundById, fundConfigOf, looseMarketRules } from './fund-config';
import {
  checkedSettings,
  type FundFeesSettings,
  feeProblems,
  type RiskLimitsSettings,
} from './fund-settings';
import { usd } from './views';

/*
 * Backtests: the engine's own backtest (the same strategies, risk rules and fill model as the funds)
 * over the exchange's stored candles of a past period. A request is checked at once (the
 * configuration, the period, and that the period has market data); the job then runs in this process
 * after the answer: it fetches the candles the database lacks, runs the engine, and stores the
 * result. Its progress reaches the account that started it as events.
 */

type BacktestView = components['schemas']['Backtest'];
type BacktestStatus = components['schemas']['BacktestStatus'];
type BacktestResultView = components['schemas']['BacktestResult'];
type BacktestRow = typeof backtests.$inferSelect;

/** The longest period a backtest runs over, in candles of its timeframe: the engine runs in this process. */
export const maxBacktestCandles = 50_000;

/** A configuration sent without risk limits: only the exchange's order rules apply. */
const defaultRisk: RiskLimitsSettings = { maxAssetSharePct: 100, maxOpenPositions: 100 };
/** A configuration sent without fees pays typical exchange fees, never none: costs are part of the result. */
const defaultFees: FundFeesSettings = {
  managementPctPerYear: 0,
  takerFeeBps: 10,
  makerFeeBps: 10,
  slippageBps: 5,
};

/** What a job needs to run, as stored with it. */
type StoredJob = {
  strategy: Record<string, unknown>;
  risk: Record<string, unknown>;
  costs: FundConfig['costs'];
  managementFeeBps: number;
};

function jobConfig(id: string, stored: StoredJob): FundConfig {
  const strategy = validateStrategyConfig(stored.strategy);
  const risk = validateRiskLimits(stored.risk);
  if (!strategy.ok || !risk.ok) throw new Error('A stored backtest configuration is invalid');
  const markets: Record<string, MarketRules> = {};
  for (const pair of strategyPairs(strategy.config)) markets[pair] = looseMarketRules;
  return {
    id,
    strategy: strategy.config,
    risk: risk.config,
    costs: stored.costs,
    managementFeeBps: stored.managementFeeBps,
    markets,
  };
}

/**
 * How long a job may take before it counts as interrupted: a job runs in the process of the instance
 * that accepted it, so one whose instance stopped would otherwise wait for ever. The longest period
 * fetches and runs in a few minutes.
 */
export const backtestAbandonedAfterMs = 30 * 60_000;

export function backtestView(row: BacktestRow, now = Date.now()): BacktestView {
  const unfinished = row.status === 'queued' || row.status === 'running';
  if (unfinished && now - row.createdAt.getTime() > backtestAbandonedAfterMs) {
    return {
      ...backtestView({ ...row, status: 'failed' }, now),
      error: 'The backtest was interrupted (the server running it stopped); start it again.',
    };
  }
  return {
    _id: row.id,
    status: row.status,
    progress: row.progress,
    fundId: row.fundId,
    from: row.fromTime.toISOString(),
    to: row.toTime.toISOString(),
    amount: usd(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    result: row.status === 'done' ? (row.result as unknown as BacktestResultView | null) : null,
  };
}

/** A ratio for JSON: NaN and infinities are no number. */
const finite = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null;

/** The engine's result as the contract shows it. */
export function resultView(result: BacktestResult): BacktestResultView {
  const { metrics } = result;
  return {
    notice: result.label,
    navSeries: result.navSeries.daily.map((point) => ({
      time: new Date(point.time).toISOString(),
      nav: usd(point.navCents),
    })),
    fills: result.fills.map((fill) => ({
      time: new Date(fill.time).toISOString(),
      side: fill.side,
      pair: fill.pair,
      quantity: formatDecimal(fill.quantity, quantityScale),
      price: formatDecimal(fill.price8, priceScale),
      notional: usd(fill.notionalCents),
      fee: usd(fill.feeCents),
      feeAsset: 'USD',
      reason: fill.reason,
    })),
    metrics: {
      totalReturn: finite(metrics.totalReturn) ?? 0,
      cagr: finite(metrics.cagr),
      maxDrawdown: finite(metrics.maxDrawdown) ?? 0,
      sharpe: finite(metrics.sharpe),
      sortino: finite(metrics.sortino),
      calmar: finite(metrics.calmar),
      days: metrics.days,
      feesPaid: usd(metrics.tradingFeesCents),
      managementFees: usd(metrics.managementFeesCents),
      trades: metrics.trades,
      roundTrips: metrics.roundTrips,
      winRate: finite(metrics.winRate),
      buyAndHoldReturn: finite(metrics.buyAndHoldReturn) ?? 0,
    },
  };
}

/** How many candles of `pair` the database holds among those opening in [from, to). */
async function storedCount(
  db: Database,
  exchange: string,
  pair: string,
  timeframe: Timeframe,
  from: number,
  to: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(candles)
    .where(
      and(
        eq(candles.exchange, exchange),
        eq(candles.pair, pair),
        eq(candles.timeframe, timeframe),
        gte(candles.openTime, new Date(from)),
        lt(candles.openTime, new Date(to)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Stores fetched candles; those the database has already are left as they are. */
async function storeCandles(
  db: Database,
  exchange: string,
  pair: string,
  timeframe: Timeframe,
  fetched: readonly Candle[],
): Promise<void> {
  if (fetched.length === 0) return;
  await db
    .insert(candles)
    .values(
      fetched.map((candle) => ({
        exchange,
        pair,
        timeframe,
        openTime: new Date(candle.time),
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
        volume: candle.volume,
      })),
    )
    .onConflictDoNothing();
}

/** Fetches the candles of [from, to) the database lacks, a page at a time, oldest first. */
async function fetchMissing(
  db: Database,
  market: MarketData,
  pair: string,
  timeframe: Timeframe,
  from: number,
  to: number,
): Promise<void> {
  const length = timeframes[timeframe];
  const expected = Math.floor((to - from) / length);
  if ((await storedCount(db, market.exchangeId, pair, timeframe, from, to)) >= expected) return;
  const page = 1000;
  let since = from;
  for (let pages = 0; since < to && pages <= Math.ceil(expected / page) + 1; pages++) {
    const fetched = await market.closedCandles(pair, timeframe, since, to, page);
    if (fetched.length === 0) break;
    await storeCandles(db, market.exchangeId, pair, timeframe, fetched);
    since = (fetched[fetched.length - 1]?.time ?? to) + length;
  }
}

/** The stored candles of every pair in [from, to), kept only at the times every pair has one. */
async function alignedCandles(
  db: Database,
  exchange: string,
  pairs: readonly string[],
  timeframe: Timeframe,
  from: number,
  to: number,
): Promise<Record<string, Candle[]>> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.exchange, exchange),
        eq(candles.timeframe, timeframe),
        inArray(candles.pair, [...pairs]),
        gte(candles.openTime, new Date(from)),
        lt(candles.openTime, new Date(to)),
      ),
    )
    .orderBy(asc(candles.openTime));
  const byTime = new Map<number, Map<string, Candle>>();
  for (const row of rows) {
    const time = row.openTime.getTime();
    const group = byTime.get(time) ?? new Map<string, Candle>();
    group.set(row.pair, {
      time,
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    });
    byTime.set(time, group);
  }
  const series: Record<string, Candle[]> = Object.fromEntries(pairs.map((pair) => [pair, []]));
  for (const group of byTime.values()) {
    if (group.size !== pairs.length) continue;
    for (const pair of pairs) {
      const candle = group.get(pair);
      if (candle) series[pair]?.push(candle);
    }
  }
  return series;
}

/** Runs one stored job to its end, telling its owner how far it is. Never throws. */
export async function runBacktestJob(
  db: Database,
  market: MarketData,
  log: FastifyBaseLogger,
  id: string,
): Promise<void> {
  const [job] = await db.select().from(backtests).where(eq(backtests.id, id));
  if (job?.status !== 'queued') return;
  const advance = async (status: BacktestStatus, progress: number, extra: Partial<BacktestRow> = {}) => {
    await db.transaction(async (tx) => {
      await tx
        .update(backtests)
        .set({ status, progress, ...extra })
        .where(eq(backtests.id, id));
      await raiseEvent(tx, job.userId, { type: 'backtest.progress', backtestId: id, status, progress });
    });
  };
  try {
    const config = jobConfig(id, job.config as unknown as StoredJob);
    const { timeframe } = config.strategy;
    const pairs = strategyPairs(config.strategy);
    const from = job.fromTime.getTime();
    const to = job.toTime.getTime();
    await advance('running', 0);
    // Fetching the candles is the first half of the job; running the engine, the second.
    for (const [index, pair] of pairs.entries()) {
      try {
        await fetchMissing(db, market, pair, timeframe, from, to);
      } catch (error) {
        log.warn({ err: error, backtestId: id, pair }, 'a backtest could not fetch candles');
        throw new BacktestFailed(
          `The exchange (${market.exchangeId}) could not be reached for the candles of ${pair}; try again later.`,
        );
      }
      await advance('running', Math.floor(((index + 1) / pairs.length) * 50));
    }
    const series = await alignedCandles(db, market.exchangeId, pairs, timeframe, from, to);
    if ((series[pairs[0] ?? '']?.length ?? 0) === 0)
      throw new BacktestFailed(`No candles of ${pairs.join(', ')} were found for the whole period.`);
    // A later turn of the event loop: what is waiting (answers, events) goes out before the engine runs.
    await new Promise((resolve) => setImmediate(resolve));
    const result = backtest({ config, candles: series, startCashCents: BigInt(job.amountCents) });
    await advance('done', 100, {
      result: resultView(result) as unknown as Record<string, unknown>,
      finishedAt: new Date(),
    });
  } catch (error) {
    if (!(error instanceof BacktestFailed)) log.error({ err: error, backtestId: id }, 'a backtest failed');
    const reason = error instanceof BacktestFailed ? error.message : 'The backtest failed; try again later.';
    await advance('failed', job.progress, { error: reason, finishedAt: new Date() }).catch(
      (failure: unknown) =>
        log.error({ err: failure, backtestId: id }, 'a failed backtest could not be recorded'),
    );
  }
}

/** A job that ends for a reason its owner is told. */
class BacktestFailed extends Error {}

export function backtestOperations({ db, config, deferred }: Services) {
  const market = ccxtMarketData(config.TRADING_EXCHANGE, config.TRADING_EXCHANGE_URL);

  return {
    startBacktest: {
      // Each backtest runs the engine in this process: a costly call, limited like uploads.
      rateLimit: { max: 10, timeWindow: '1 minute' },
      async handler(request, reply) {
        const account = signedInAccount(request);
        const body = request.body;
        if (body.fundId !== undefined && (body.strategy !== undefined || body.risk !== undefined)) {
          throw new HttpError(400, 'strategy: give a fund (fundId) or a configuration (strategy), not both');
        }
        let stored: StoredJob;
        let fundId: string | null = null;
        if (body.fundId !== undefined) {
          const fund = await fundById(db, body.fundId);
          if (!fund) throw new HttpError(400, 'fundId: there is no such fund');
          if (!fundConfigOf(fund).ok)
            throw new HttpError(
              400,
              "fundId: this fund's settings are invalid; an admin must correct them first",
            );
          fundId = fund.id;
          const fees = body.fees;
          const problems = fees ? feeProblems(fees) : [];
          if (problems.length > 0) throw new HttpError(400, problems.join('; '));
          stored = {
            strategy: fund.strategy,
            risk: fund.risk,
            costs: fees
              ? {
                  takerFeeBps: fees.takerFeeBps,
                  makerFeeBps: fees.makerFeeBps,
                  slippageBps: fees.slippageBps,
                }
              : fund.costs,
            managementFeeBps: fees ? Math.round(fees.managementPctPerYear * 100) : fund.managementFeeBps,
          };
        } else if (body.strategy !== undefined) {
          const checked = checkedSettings(
            { strategy: body.strategy, risk: body.risk ?? defaultRisk, fees: body.fees ?? defaultFees },
            { id: config.TRADING_EXCHANGE, timeframes: await exchangeTimeframes(config.TRADING_EXCHANGE) },
          );
          if (!checked.ok) throw new HttpError(400, checked.problems.join('; '));
          stored = checked.settings;
        } else {
          throw new HttpError(400, 'fundId: give a fund (fundId) or a configuration (strategy)');
        }
        const fundConfig = jobConfig(fundId ?? 'backtest', stored);
        const { timeframe } = fundConfig.strategy;
        const length = timeframes[timeframe];

        const amountCents = usdNumberToCents(body.amount);
        if (amountCents === null || amountCents <= 0)
          throw new HttpError(400, 'amount must be more than 0, with at most two decimals');
        // The candles that open at or after `from` and close at or before `to`.
        const from = Math.ceil(Date.parse(body.from) / length) * length;
        const to = Math.floor(Date.parse(body.to) / length) * length;
        if (Date.parse(body.to) <= Date.parse(body.from)) throw new HttpError(400, 'to: must be after from');
        if (Date.parse(body.to) > Date.now()) throw new HttpError(400, 'to: must not be in the future');
        if (to - from < length) throw new HttpError(400, `to: the period holds no whole ${timeframe} candle`);
        if ((to - from) / length > maxBacktestCandles) {
          throw new HttpError(
            400,
            `from: the period holds more than ${maxBacktestCandles.toLocaleString('en-US')} candles of ${timeframe}; shorten it or choose a longer timeframe`,
          );
        }

        // A period the exchange has no data for is refused now, not in a job that would fail later.
        for (const pair of strategyPairs(fundConfig.strategy)) {
          if ((await storedCount(db, market.exchangeId, pair, timeframe, from, to)) > 0) continue;
          let first: Candle[];
          try {
            first = await market.closedCandles(pair, timeframe, from, to, 1);
          } catch (error) {
            request.log.warn({ err: error, pair }, 'the exchange could not be reached for a backtest');
            throw new HttpError(
              503,
              `The exchange (${market.exchangeId}) cannot be reached for the candles of ${pair}; try again later`,
            );
          }
          if (first.length === 0) {
            throw new HttpError(
              400,
              `from: ${market.exchangeId} has no ${timeframe} candles of ${pair} between ${new Date(from).toISOString()} and ${new Date(to).toISOString()}`,
            );
          }
        }

        const [job] = await db
          .insert(backtests)
          .values({
            userId: account.userId,
            fundId,
            config: stored as unknown as Record<string, unknown>,
            fromTime: new Date(from),
            toTime: new Date(to),
            amountCents,
          })
          .returning();
        if (!job) throw new Error('The backtest was not stored');
        deferred.runAfterAnswer(reply, 'a backtest', () => runBacktestJob(db, market, request.log, job.id));
        reply.status(202);
        return { msg: 'Backtest started; its progress arrives as events', backtest: backtestView(job) };
      },
    },

    getBacktest: {
      async handler(request) {
        const account = signedInAccount(request);
        const [job] = await db.select().from(backtests).where(eq(backtests.id, request.params.backtestId));
        // Someone else's backtest is as if it did not exist; admins see every one.
        if (!job || (job.userId !== account.userId && account.role !== 'admin'))
          throw new HttpError(404, 'Not found');
        return backtestView(job);
      },
    },
  } satisfies Operations;
}
