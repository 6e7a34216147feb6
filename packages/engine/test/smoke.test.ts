import { backtest, generateCandles } from '@ledgerline/engine';
import { describe, expect, it } from 'vitest';
import { fundConfig, hour, start, trendConfig, usd8 } from './fixtures';

describe('smoke', () => {
  it('runs', () => {
    const candles = generateCandles({
      seed: 1,
      start,
      intervalMs: hour,
      count: 2000,
      startPrice: usd8(40000),
      volatility: 0.01,
    });
    const result = backtest({
      config: fundConfig(trendConfig({ fastPeriod: 5, slowPeriod: 20, stopLossPct: 3, takeProfitPct: 6 })),
      candles: { 'BTC/USDT': candles },
      startCashCents: 1_000_000n,
    });
    console.log(result.metrics, result.fills.length, result.riskEvents.slice(0, 3));
    expect(result.label).toBe('Simulated past performance');
  });
});
