import {
  assessFund,
  checkIntents,
  emptyFund,
  type FundState,
  type Intent,
  initialRiskState,
  type MarketRules,
  notionalCents,
  type RiskCheckInput,
  type RiskLimits,
  valueFund,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coins, looseLimits, looseMarket, noCosts, someCosts, usd8 } from './fixtures';

const now = 1_000_000;
const prices = { BTC: { price8: usd8(40_000), time: now }, ETH: { price8: usd8(2_000), time: now } };
const markets = { 'BTC/USDT': looseMarket, 'ETH/USDT': looseMarket };
/** 10,000 USD of cash. */
const cashFund = emptyFund(1_000_000n, 10_000_000_000n);

const buy = (pair: string, cents: bigint, reason: Intent['reason'] = 'entry'): Intent => ({
  pair,
  side: 'buy',
  size: { kind: 'usd', cents },
  reason,
});
const sellAll = (pair: string, reason: Intent['reason'] = 'stop-loss'): Intent => ({
  pair,
  side: 'sell',
  size: { kind: 'close' },
  reason,
});

function check(intents: Intent[], overrides: Partial<RiskCheckInput> = {}) {
  const fund = overrides.fund ?? cashFund;
  return checkIntents({
    intents,
    limits: looseLimits,
    markets,
    fund,
    navCents: valueFund(fund, overrides.prices ?? prices, now).navCents,
    prices,
    state: initialRiskState,
    killSwitches: { fund: false, global: false },
    costs: noCosts,
    now,
    time: now,
    fundId: 'f',
    sequence: 0,
    ...overrides,
  });
}

const withBtc = (quantity: bigint, cash = 1_000_000n): FundState => ({
  ...emptyFund(cash, 10_000_000_000n),
  positions: { BTC: { quantity, costCents: 0n, realizedCents: 0n } },
});

describe('the risk engine refuses, with its reason', () => {
  it('every order while a kill switch is on, sells included', () => {
    const fundSwitch = check([buy('BTC/USDT', 1_000n), sellAll('ETH/USDT')], {
      killSwitches: { fund: true, global: false },
    });
    expect(fundSwitch.orders).toEqual([]);
    expect(fundSwitch.events.map((e) => e.reason)).toEqual([
      "No order while the fund's kill switch is on.",
      "No order while the fund's kill switch is on.",
    ]);
    const global = check([buy('BTC/USDT', 1_000n)], { killSwitches: { fund: false, global: true } });
    expect(global.events[0]).toMatchObject({
      rule: 'kill-switch',
      reason: "No order while the platform's kill switch is on.",
    });
  });

  it('orders on a price older than the limit', () => {
    const result = check([buy('BTC/USDT', 1_000n)], {
      limits: { ...looseLimits, maxDataAgeMs: 60_000 },
      now: now + 120_000,
    });
    expect(result.orders).toEqual([]);
    expect(result.events[0]).toMatchObject({
      rule: 'stale-data',
      reason: 'The last price of BTC/USDT is 120 seconds old, older than the 60 seconds allowed.',
    });
  });

  it('orders priced too far from the last close', () => {
    const result = check([buy('BTC/USDT', 1_000n)], {
      limits: { ...looseLimits, priceBandPct: 2 },
      referencePrices: { 'BTC/USDT': usd8(41_000) },
    });
    expect(result.events[0]).toMatchObject({
      rule: 'price-band',
      reason: 'The price of BTC/USDT is more than 2% from the last close.',
    });
    expect(
      check([buy('BTC/USDT', 1_000n)], {
        limits: { ...looseLimits, priceBandPct: 2 },
        referencePrices: { 'BTC/USDT': usd8(40_500) },
      }).orders,
    ).toHaveLength(1);
  });

  it('buys once the daily loss limit is hit, and lets sells through', () => {
    const limits: RiskLimits = { ...looseLimits, dailyLossLimitPct: 5 };
    const morning = assessFund(initialRiskState, limits, usd8(1), usd8(1), 1000, 0);
    expect(morning.events).toEqual([]);
    const fallen = assessFund(morning.state, limits, usd8(0.95), usd8(1), 2000, 0);
    expect(fallen.events[0]).toMatchObject({
      rule: 'daily-loss',
      reason: 'NAV fell 5% or more since the start of the day, so no buys until the next UTC day.',
    });
    // Recovering later that day does not lift it; the next UTC day does.
    const recovered = assessFund(fallen.state, limits, usd8(1), usd8(1), 3000, 0);
    const result = check([buy('BTC/USDT', 1_000n), sellAll('BTC/USDT')], {
      state: recovered.state,
      fund: withBtc(coins(0.1)),
    });
    expect(result.orders.map((o) => o.side)).toEqual(['sell']);
    expect(result.events[0]).toMatchObject({
      rule: 'daily-loss',
      reason: 'No buys for the rest of the UTC day: the daily loss limit was reached.',
    });
    const nextDay = assessFund(recovered.state, limits, usd8(1), usd8(1), 86_400_000, 86_400_000);
    expect(nextDay.state.dailyLossHit).toBe(false);
  });

  it('buys and rebalancing once the drawdown breaker has paused the fund, but not exits', () => {
    const limits: RiskLimits = { ...looseLimits, maxDrawdownPct: 20 };
    const assessed = assessFund(initialRiskState, limits, usd8(0.8), usd8(1), 1000, 0);
    expect(assessed.state.paused?.reason).toBe(
      'NAV per unit fell 20% or more from its highest, so the fund is paused until a person resumes it.',
    );
    expect(assessed.events[0]).toMatchObject({ rule: 'drawdown', action: 'paused' });
    const result = check(
      [
        buy('BTC/USDT', 1_000n),
        {
          pair: 'BTC/USDT',
          side: 'sell',
          size: { kind: 'quantity', quantity: coins(0.01) },
          reason: 'rebalance',
        },
        {
          pair: 'BTC/USDT',
          side: 'sell',
          size: { kind: 'quantity', quantity: coins(0.01) },
          reason: 'stop-loss',
        },
        {
          pair: 'BTC/USDT',
          side: 'sell',
          size: { kind: 'quantity', quantity: coins(0.01) },
          reason: 'redemption',
        },
      ],
      { state: assessed.state, fund: withBtc(coins(0.1)) },
    );
    expect(result.orders.map((o) => o.reason)).toEqual(['stop-loss', 'redemption']);
    expect(result.events.map((e) => [e.rule, e.detail.intent])).toEqual([
      ['paused', 'rebalance'],
      ['paused', 'entry'],
    ]);
    expect(result.events[0]?.reason).toBe(
      `No order while the fund is paused: ${assessed.state.paused?.reason}`,
    );
  });

  it('entries during the cooldown after consecutive stop-losses', () => {
    const limits: RiskLimits = { ...looseLimits, stopLossCooldown: { afterConsecutive: 2, candles: 3 } };
    const first = check([sellAll('BTC/USDT')], { limits, fund: withBtc(coins(0.1)) });
    expect(first.state.consecutiveStopLosses).toBe(1);
    const second = check([sellAll('BTC/USDT')], { limits, fund: withBtc(coins(0.1)), state: first.state });
    expect(second.events[0]).toMatchObject({
      rule: 'cooldown',
      reason: '2 stop-losses in a row: no new entries for 3 candles.',
    });
    // The next three steps refuse entries (each counts down first), the fourth allows them.
    let state = second.state;
    for (let candle = 1; candle <= 4; candle++) {
      state = assessFund(state, limits, usd8(1), usd8(1), candle, 0).state;
      const result = check([buy('BTC/USDT', 1_000n), buy('ETH/USDT', 1_000n, 'rebalance')], {
        limits,
        state,
      });
      if (candle <= 3) {
        expect(result.orders.map((o) => o.reason)).toEqual(['rebalance']);
        expect(result.events[0]?.reason).toBe(
          `No new entries for ${4 - candle} more candles after consecutive stop-losses.`,
        );
      } else expect(result.orders).toHaveLength(2);
    }
  });

  it('a buy that would hold too many coins at once', () => {
    const result = check([buy('ETH/USDT', 1_000n)], {
      limits: { ...looseLimits, maxOpenPositions: 1 },
      fund: withBtc(coins(0.01)),
    });
    expect(result.events[0]).toMatchObject({
      rule: 'max-open-positions',
      reason: 'The fund already holds 1 coins, its most at once.',
    });
    // Adding to a coin already held is no new position.
    expect(
      check([buy('BTC/USDT', 1_000n)], {
        limits: { ...looseLimits, maxOpenPositions: 1 },
        fund: withBtc(coins(0.01)),
      }).orders,
    ).toHaveLength(1);
  });

  it('reduces a buy to the share of NAV one coin may have, and refuses one with no room', () => {
    const limits = { ...looseLimits, maxAssetSharePct: 40 };
    const reduced = check([buy('BTC/USDT', 600_000n)], { limits });
    expect(reduced.orders[0]?.quantity).toBe(coins(0.1));
    expect(reduced.events[0]).toMatchObject({
      rule: 'max-asset-share',
      action: 'reduced',
      reason: 'The buy of BTC/USDT was reduced so BTC stays within 40% of NAV.',
    });
    const full = check([buy('BTC/USDT', 10_000n)], { limits, fund: withBtc(coins(0.1), 600_000n) });
    expect(full.events[0]).toMatchObject({
      rule: 'max-asset-share',
      action: 'refused',
      reason: 'BTC would be more than 40% of NAV.',
    });
  });

  it("orders below the exchange's minimums, and rounds quantities down to its step", () => {
    const strict: MarketRules = {
      minQuantity: coins(0.001),
      minNotionalCents: 1_000n,
      quantityStep: coins(0.0001),
      priceTick: usd8(0.01),
    };
    const tooSmall = check([buy('BTC/USDT', 2_000n)], { markets: { 'BTC/USDT': strict } });
    expect(tooSmall.events[0]).toMatchObject({
      rule: 'min-quantity',
      reason: "The order for BTC/USDT is below the exchange's minimum quantity.",
    });
    const lowValue = check([buy('BTC/USDT', 500n)], {
      markets: { 'BTC/USDT': { ...strict, minQuantity: 1n } },
    });
    expect(lowValue.events[0]).toMatchObject({
      rule: 'min-notional',
      reason: "The order for BTC/USDT is below the exchange's minimum value.",
    });
    const stepped = check([buy('BTC/USDT', 123_456n)], { markets: { 'BTC/USDT': strict } });
    // 1,234.56 USD at 40,000 is 0.030864 BTC: 0.0308 in whole steps.
    expect(stepped.orders[0]?.quantity).toBe(coins(0.0308));
    const limit = check([{ ...buy('BTC/USDT', 123_456n), limitPrice8: usd8(39_999.999) }], {
      markets: { 'BTC/USDT': strict },
    });
    expect(limit.orders[0]).toMatchObject({ type: 'limit', limitPrice8: usd8(39_999.99) });
  });

  it("nothing of a redemption's sell the exchange would take: it is raised to the least order", () => {
    const strict: MarketRules = {
      minQuantity: coins(0.0001),
      minNotionalCents: 500n,
      quantityStep: coins(0.0001),
      priceTick: 1n,
    };
    // 2 USD of BTC at 40,000 is below the exchange's 5 USD: a redemption's sell becomes 5 USD's worth
    // (0.000125 BTC, 0.0002 in whole steps), so the redemption is paid instead of waiting for ever.
    const small: Intent = {
      pair: 'BTC/USDT',
      side: 'sell',
      size: { kind: 'usd', cents: 200n },
      reason: 'redemption',
    };
    const raised = check([small], { markets: { 'BTC/USDT': strict }, fund: withBtc(coins(0.01)) });
    expect(raised.events).toEqual([]);
    expect(raised.orders[0]).toMatchObject({ side: 'sell', quantity: coins(0.0002), reason: 'redemption' });
    // Any other sell that small is refused, and so is a redemption's when the holding is under the least order.
    const rebalance = check([{ ...small, reason: 'rebalance' }], {
      markets: { 'BTC/USDT': strict },
      fund: withBtc(coins(0.01)),
    });
    expect(rebalance.events[0]).toMatchObject({ rule: 'min-quantity', action: 'refused' });
    const dust = check([small], { markets: { 'BTC/USDT': strict }, fund: withBtc(coins(0.0001)) });
    expect(dust.events[0]).toMatchObject({ rule: 'min-quantity', action: 'refused' });
  });

  it('a buy the cash cannot pay for, and reduces one it partly can', () => {
    const poor = emptyFund(0n, 1n);
    expect(check([buy('BTC/USDT', 1_000n)], { fund: poor }).events[0]).toMatchObject({
      rule: 'cash',
      reason: 'The fund has too little cash for the buy of BTC/USDT.',
    });
    const reduced = check([buy('BTC/USDT', 2_000_000n)], { costs: someCosts });
    expect(reduced.events[0]).toMatchObject({ rule: 'cash', action: 'reduced' });
  });

  it('a sell of a coin the fund does not hold, and a pair it does not trade', () => {
    expect(check([sellAll('BTC/USDT')]).events[0]).toMatchObject({
      rule: 'position',
      reason: 'The fund holds no BTC to sell.',
    });
    expect(check([buy('SOL/USDT', 100n)]).events[0]).toMatchObject({
      rule: 'market',
      reason: 'SOL/USDT is not a market this fund trades.',
    });
  });
});

describe('an order the risk engine allows', () => {
  const strict: MarketRules = {
    minQuantity: coins(0.0001),
    minNotionalCents: 500n,
    quantityStep: coins(0.0001),
    priceTick: 1n,
  };
  const scenario = fc.record({
    cash: fc.bigInt({ min: 0n, max: 10_000_000n }),
    btc: fc.bigInt({ min: 0n, max: coins(2) }),
    eth: fc.bigInt({ min: 0n, max: coins(20) }),
    sharePct: fc.integer({ min: 5, max: 100 }),
    maxOpen: fc.integer({ min: 0, max: 3 }),
    dailyLossHit: fc.boolean(),
    costs: fc.record({
      takerFeeBps: fc.integer({ min: 0, max: 50 }),
      makerFeeBps: fc.constant(0),
      slippageBps: fc.integer({ min: 0, max: 50 }),
    }),
    intents: fc.array(
      fc.record({
        pair: fc.constantFrom('BTC/USDT', 'ETH/USDT'),
        side: fc.constantFrom<Intent['side']>('buy', 'sell'),
        cents: fc.bigInt({ min: 1n, max: 5_000_000n }),
        close: fc.boolean(),
        reason: fc.constantFrom<Intent['reason']>(
          'entry',
          'rebalance',
          'stop-loss',
          'take-profit',
          'redemption',
        ),
      }),
      { maxLength: 6 },
    ),
  });

  it('breaks no limit: share, positions, minimums, steps, cash, holdings, daily loss', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const positions: Record<string, { quantity: bigint; costCents: bigint; realizedCents: bigint }> = {};
        if (s.btc > 0n) positions.BTC = { quantity: s.btc, costCents: 0n, realizedCents: 0n };
        if (s.eth > 0n) positions.ETH = { quantity: s.eth, costCents: 0n, realizedCents: 0n };
        const fund: FundState = { ...emptyFund(s.cash, 1_000_000n), positions };
        const navCents = valueFund(fund, prices, now).navCents;
        const limits: RiskLimits = {
          ...looseLimits,
          maxAssetSharePct: s.sharePct,
          maxOpenPositions: s.maxOpen,
        };
        const intents: Intent[] = s.intents.map((i) => ({
          pair: i.pair,
          side: i.side,
          size: i.close && i.side === 'sell' ? { kind: 'close' } : { kind: 'usd', cents: i.cents },
          reason: i.reason,
        }));
        const result = check(intents, {
          fund,
          limits,
          markets: { 'BTC/USDT': strict, 'ETH/USDT': strict },
          costs: s.costs,
          state: { ...initialRiskState, dailyLossHit: s.dailyLossHit },
        });
        const held = new Map(Object.entries(positions).map(([coin, p]) => [coin, p.quantity]));
        let spent = 0n;
        let received = 0n;
        for (const order of result.orders) {
          const coin = order.pair.split('/')[0] ?? '';
          const price = prices[coin as 'BTC' | 'ETH'].price8;
          expect(order.quantity % strict.quantityStep).toBe(0n);
          expect(order.quantity >= strict.minQuantity).toBe(true);
          expect(notionalCents(order.quantity, price, 'floor') >= strict.minNotionalCents).toBe(true);
          if (order.side === 'sell') {
            held.set(coin, (held.get(coin) ?? 0n) - order.quantity);
            expect(held.get(coin) ?? 0n).toBeGreaterThanOrEqual(0n);
            received += notionalCents(order.quantity, price, 'floor');
          } else {
            expect(s.dailyLossHit).toBe(false);
            held.set(coin, (held.get(coin) ?? 0n) + order.quantity);
            expect(
              notionalCents(held.get(coin) ?? 0n, price, 'floor') * 100n <= navCents * BigInt(s.sharePct),
            ).toBe(true);
            spent += notionalCents(order.quantity, price, 'ceil');
          }
        }
        // Buys were paid by cash plus what the sells before them bring in.
        expect(spent <= s.cash + received).toBe(true);
        const openAfter = [...held.values()].filter((q) => q > 0n).length;
        const openBefore = Object.keys(positions).length;
        expect(openAfter <= Math.max(s.maxOpen, openBefore)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
