import {
  backtest,
  type Candle,
  computeMetrics,
  emptyFund,
  type Fill,
  type FundConfig,
  initialEngineState,
  type NavPoint,
  type RiskEvent,
  type RiskLimits,
  step,
  timeframes,
  utcDayStart,
  valueFund,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fundOf, marketFor, pairs, scenario } from './scenarios';

/**
 * What a backtest is defined to be: `step` on every candle, from one investment of the start cash at
 * 1 USD a unit, the NAV after each step's requests, and the NAV at each UTC day's last close.
 */
function stepOnEveryCandle(config: FundConfig, candles: Record<string, Candle[]>, startCashCents: bigint) {
  const pairs = Object.keys(candles);
  const count = candles[pairs[0] ?? '']?.length ?? 0;
  const intervalMs = timeframes[config.strategy.timeframe];
  const firstTime = candles[pairs[0] ?? '']?.[0]?.time ?? 0;
  let state = initialEngineState(config, {
    ...emptyFund(startCashCents, startCashCents * 10_000n),
    lastValuationTime: firstTime,
  });
  const fills: Fill[] = [];
  const riskEvents: RiskEvent[] = [];
  const times: number[] = [];
  const navs: bigint[] = [];
  const daily: NavPoint[] = [{ time: firstTime, navCents: startCashCents }];
  let lastNav = startCashCents;
  let day = utcDayStart(firstTime);
  for (let i = 0; i < count; i++) {
    const now: Record<string, Candle> = {};
    for (const pair of pairs) {
      const candle = candles[pair]?.[i];
      if (candle !== undefined) now[pair] = candle;
    }
    const closeTime = (candles[pairs[0] ?? '']?.[i]?.time ?? 0) + intervalMs;
    const result = step({ config, state, candles: now, now: closeTime });
    state = result.state;
    fills.push(...result.fills);
    riskEvents.push(...result.riskEvents);
    const nav =
      result.issued.length + result.redeemed.length === 0
        ? result.valuation.navCents
        : valueFund(state.fund, state.prices, closeTime).navCents;
    const closeDay = utcDayStart(closeTime - 1);
    if (closeDay !== day) {
      daily.push({ time: times[i - 1] ?? firstTime, navCents: lastNav });
      day = closeDay;
    }
    times.push(closeTime);
    navs.push(nav);
    lastNav = nav;
  }
  const lastTime = times[times.length - 1];
  if (lastTime !== undefined && daily[daily.length - 1]?.time !== lastTime)
    daily.push({ time: lastTime, navCents: lastNav });
  return { fills, riskEvents, times, navs, daily };
}

describe('a backtest', () => {
  it('gives exactly the fills, risk events, NAVs and metrics of a step on every candle', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { config, candles } = fundOf(s);
        const result = backtest({ config, candles, startCashCents: s.startCashCents });
        const expected = stepOnEveryCandle(config, candles, s.startCashCents);
        expect(result.fills).toEqual(expected.fills);
        expect(result.riskEvents).toEqual(expected.riskEvents);
        expect(Array.from(result.navSeries.perStep.times)).toEqual(expected.times);
        expect(Array.from(result.navSeries.perStep.navCents)).toEqual(expected.navs);
        expect(result.navSeries.daily).toEqual(expected.daily);
        expect(result.metrics).toMatchObject(computeMetrics(expected.daily));
        expect(result.metrics.trades).toBe(expected.fills.length);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('gives the same results over 20,000 minutes where the cooldown, the daily loss limit and the breaker trip', () => {
    const market = {
      minQuantity: 1_000n,
      minNotionalCents: 500n,
      quantityStep: 1_000n,
      priceTick: 1_000_000n,
    };
    const risk: RiskLimits = {
      maxAssetSharePct: 50,
      maxOpenPositions: 2,
      dailyLossLimitPct: 1,
      maxDrawdownPct: null,
      stopLossCooldown: { afterConsecutive: 2, candles: 300 },
      maxDataAgeMs: null,
      priceBandPct: null,
    };
    const trend: FundConfig = {
      id: 'fund1',
      strategy: {
        kind: 'trend',
        timeframe: '1m',
        pairs: [...pairs],
        fastPeriod: 5,
        slowPeriod: 20,
        positionSizePct: 45,
        stopLossPct: 0.5,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
      risk,
      costs: { takerFeeBps: 10, makerFeeBps: 5, slippageBps: 5 },
      managementFeeBps: 200,
      markets: { 'BTC/USDT': market, 'ETH/USDT': market },
    };
    const index: FundConfig = {
      ...trend,
      strategy: {
        kind: 'index',
        timeframe: '1m',
        weights: { 'BTC/USDT': 5_000, 'ETH/USDT': 5_000 },
        rebalanceEveryCandles: 5_000,
        driftBandPct: 2,
        cashReservePct: 1,
      },
      risk: { ...risk, maxDrawdownPct: 3 },
    };
    const candles = marketFor(5, '1m', 20_000, 0.002);
    for (const [config, rules] of [
      [trend, ['cooldown', 'daily-loss']],
      [index, ['drawdown', 'paused']],
    ] as const) {
      const result = backtest({ config, candles, startCashCents: 100_000_000n });
      const expected = stepOnEveryCandle(config, candles, 100_000_000n);
      for (const rule of rules) expect(expected.riskEvents.some((event) => event.rule === rule)).toBe(true);
      expect(result.fills).toEqual(expected.fills);
      expect(result.riskEvents).toEqual(expected.riskEvents);
      expect(Array.from(result.navSeries.perStep.navCents)).toEqual(expected.navs);
      expect(result.navSeries.daily).toEqual(expected.daily);
    }
  }, 120_000);
});
