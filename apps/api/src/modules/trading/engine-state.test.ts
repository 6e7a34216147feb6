import { initialEngineState, requestInvestment } from '@ledgerline/engine';
import { describe, expect, it } from 'vitest';
import { loadedState, storedState } from './engine-state';
import { scaled } from './exchange';
import { type FundRow, fundConfigOf } from './fund-config';

describe('the engine state as stored', () => {
  it('comes back from JSON exactly as it went in, bigints included', () => {
    const fund = {
      id: 'fund-1',
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['BTC/USDT'],
        fastPeriod: 2,
        slowPeriod: 4,
        positionSizePct: 50,
        stopLossPct: 5,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
      risk: {
        maxAssetSharePct: 100,
        maxOpenPositions: 1,
        dailyLossLimitPct: null,
        maxDrawdownPct: null,
        stopLossCooldown: null,
        maxDataAgeMs: null,
        priceBandPct: null,
      },
      costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
      managementFeeBps: 100,
    } as unknown as FundRow;
    const checked = fundConfigOf(fund);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const state = requestInvestment(initialEngineState(checked.config), {
      id: 'request-1',
      investorId: 'investor-1',
      amountCents: 123_456_789_012_345_678n,
      requestedAt: 1,
    });
    const stored = storedState(state);
    expect(JSON.stringify(stored)).toContain('"123456789012345678n"');
    expect(loadedState(stored)).toEqual(state);
  });
});

describe('decimals from the exchange', () => {
  it('are read exactly at the scale, digits beyond it cut off', () => {
    expect(scaled('96490.12', 8)).toBe(9_649_012_000_000n);
    expect(scaled('0.00001000', 8)).toBe(1_000n);
    expect(scaled('5.00000000', 2)).toBe(500n);
    expect(scaled(0.1, 8)).toBe(10_000_000n);
    expect(scaled('1.999', 2)).toBe(199n);
  });
});
