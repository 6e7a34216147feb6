/*
 * Pooled accounting: a fund's step and valuation cost the same whether 1,000 or 1,000,000 investors
 * hold it. The engine keeps one figure for the units in issue; a holder's value is units × NAV per
 * unit, worked out only for a holder who asks. Here the same fund (the same value, split among N
 * holders) runs the live step (`step`, as the server calls it) on a day of 1-minute candles, with an
 * investment and a redemption from randomly chosen holders every ten minutes, each holder's balance
 * read and updated in place, and each requester's value (units × NAV per unit) computed. The ratio
 * of the two timings is the cost of a million holders over a thousand; the target is 1.3.
 *   node bench/run.mjs trading      (or, in packages/engine: node --import tsx bench/holders.ts)
 * This is the engine's step. The server's step (apps/api) reads the balance of each holder with a
 * request waiting, one indexed lookup each, and never all holders; it is not measured here.
 */
import { performance } from 'node:perf_hooks';
import {
  type Candle,
  type EngineState,
  emptyFund,
  type FundConfig,
  generateCandles,
  initialEngineState,
  type MarketRules,
  mulberry32,
  requestInvestment,
  requestRedemption,
  step,
  timeframes,
} from '../src/index';

/** A day of 1-minute candles per timing: short timings, many of them, so some meet no other load. */
const minutes = 1_440;
const start = Date.UTC(2024, 0, 1);
const intervalMs = timeframes['1m'];
/** The fund's units in issue, whatever the number of holders: 100 million units (scale 6). */
const totalUnits = 100_000_000n * 1_000_000n;

const candles: Record<string, Candle[]> = {
  'BTC/USDT': generateCandles({
    seed: 7,
    start,
    intervalMs,
    count: minutes,
    startPrice: 4_200_000_000_000n,
    volatility: 0.0009,
  }),
  'ETH/USDT': generateCandles({
    seed: 8,
    start,
    intervalMs,
    count: minutes,
    startPrice: 230_000_000_000n,
    volatility: 0.0011,
  }),
};
const market: MarketRules = {
  minQuantity: 1_000n,
  minNotionalCents: 500n,
  quantityStep: 1_000n,
  priceTick: 1_000_000n,
};
const config: FundConfig = {
  id: 'pooled',
  strategy: {
    kind: 'index',
    timeframe: '1m',
    weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 },
    rebalanceEveryCandles: 60,
    driftBandPct: 1,
    cashReservePct: 2,
  },
  risk: {
    maxAssetSharePct: 70,
    maxOpenPositions: 2,
    dailyLossLimitPct: 5,
    maxDrawdownPct: 50,
    stopLossCooldown: null,
    maxDataAgeMs: 5 * 60_000,
    priceBandPct: 5,
  },
  costs: { takerFeeBps: 10, makerFeeBps: 5, slippageBps: 5 },
  managementFeeBps: 200,
  markets: { 'BTC/USDT': market, 'ETH/USDT': market },
};

/** The units each of `count` holders has: random shares of the same total (the last takes the rest). */
function holdersOf(count: number): BigInt64Array {
  const random = mulberry32(count);
  const weights = Float64Array.from({ length: count }, () => 0.5 + random());
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const units = new BigInt64Array(count);
  let given = 0n;
  for (let i = 0; i < count - 1; i++) {
    units[i] = BigInt(Math.floor((Number(totalUnits) * (weights[i] ?? 0)) / sum));
    given += units[i] ?? 0n;
  }
  units[count - 1] = totalUnits - given;
  return units;
}

/** The steps on the fund held by `units.length` holders; returns a checksum so nothing is optimised away. */
function runDays(units: BigInt64Array): bigint {
  const random = mulberry32(units.length + 1);
  let state: EngineState = initialEngineState(config, {
    ...emptyFund(totalUnits / 10_000n, totalUnits),
    lastValuationTime: start,
  });
  let checksum = 0n;
  for (let i = 0; i < minutes; i++) {
    const closeTime = start + (i + 1) * intervalMs;
    if (i % 10 === 5) {
      const investor = Math.floor(random() * units.length);
      const redeemer = Math.floor(random() * units.length);
      const held = units[redeemer] ?? 0n;
      state = requestInvestment(state, {
        id: `i${i}`,
        investorId: String(investor),
        amountCents: 100_000n,
        requestedAt: closeTime,
      });
      state = requestRedemption(state, {
        id: `r${i}`,
        investorId: String(redeemer),
        request: { kind: 'units', units: held / 100n + 1n, heldUnits: held },
        requestedAt: closeTime,
      });
    }
    const now: Record<string, Candle> = {};
    for (const pair in candles) {
      const candle = candles[pair]?.[i];
      if (candle !== undefined) now[pair] = candle;
    }
    const result = step({ config, state, candles: now, now: closeTime });
    state = result.state;
    // Each requester's balance moves in place, and their value is units × NAV per unit.
    const navPerUnit8 = result.valuation.navPerUnit8;
    for (const issue of result.issued) {
      const holder = Number(issue.investorId);
      units[holder] = (units[holder] ?? 0n) + issue.units;
      checksum += ((units[holder] ?? 0n) * navPerUnit8) / 10n ** 12n;
    }
    for (const redemption of result.redeemed) {
      const holder = Number(redemption.investorId);
      units[holder] = (units[holder] ?? 0n) - redemption.units;
      checksum += ((units[holder] ?? 0n) * navPerUnit8) / 10n ** 12n;
    }
    checksum += result.valuation.navCents;
  }
  return checksum;
}

function timed(run: () => void): number {
  const began = performance.now();
  run();
  return performance.now() - began;
}

const few = holdersOf(1_000);
const many = holdersOf(1_000_000);
// Each run starts from the same balances, so both sizes take the same path every round.
const fewStart = few.slice();
const manyStart = many.slice();
const fewTimes: number[] = [];
const manyTimes: number[] = [];
let fewSum = 0n;
let manySum = 0n;
for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 30); round++) {
  few.set(fewStart);
  many.set(manyStart);
  // In turns, each size first every other round, so both meet the same load on a shared machine.
  const order = round % 2 === 0 ? [few, many] : [many, few];
  for (const units of order) {
    const ms = timed(() => {
      const sum = runDays(units);
      if (units === few) fewSum = sum;
      else manySum = sum;
    });
    (units === few ? fewTimes : manyTimes).push(ms);
  }
}

/** The mean of the five fastest timings: a lucky or an unlucky run on a busy machine moves it little. */
function fastFive(times: number[]): number {
  const fastest = [...times].sort((a, b) => a - b).slice(0, 5);
  return fastest.reduce((sum, ms) => sum + ms, 0) / fastest.length;
}
const fewMs = fastFive(fewTimes);
const manyMs = fastFive(manyTimes);
if (fewSum <= 0n || manySum <= 0n) throw new Error('unreachable');

console.log(
  '\nTrading engine: a fund’s step and valuation, the same fund held by 1,000 or by 1,000,000 investors',
);
console.log('(the engine’s step as the server calls it; the server’s own step is not measured here)');
console.table({
  '1,000 holders': {
    'steps (1-minute candles)': minutes,
    'ms, mean of the 5 fastest of 30': Number(fewMs.toFixed(1)),
  },
  '1,000,000 holders': {
    'steps (1-minute candles)': minutes,
    'ms, mean of the 5 fastest of 30': Number(manyMs.toFixed(1)),
  },
  'ratio (target ≤ 1.3)': {
    'steps (1-minute candles)': '',
    'ms, mean of the 5 fastest of 30': Number((manyMs / fewMs).toFixed(2)),
  },
});
