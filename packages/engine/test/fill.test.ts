import {
  applyFill,
  emptyFund,
  fillCashDelta,
  fillMarketOrder,
  fillOnCandle,
  type Order,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coins, flat, someCosts, usd8 } from './fixtures';

const order = (side: Order['side'], quantity: bigint, limitPrice8: bigint | null = null): Order => ({
  clientId: 'fund1-1-1',
  pair: 'BTC/USDT',
  side,
  type: limitPrice8 === null ? 'market' : 'limit',
  quantity,
  limitPrice8,
  reason: 'entry',
  placedAt: 0,
});

describe('the fill model', () => {
  it('fills a market buy at the next open plus slippage, paying the taker fee rounded up', () => {
    const candle = { ...flat(1, usd8(40_000)), high: usd8(41_000), low: usd8(39_000) };
    const fill = fillOnCandle(order('buy', coins(0.1)), candle, someCosts);
    // 40,000 × (1 + 5 bps) = 40,020; 0.1 BTC → 4,002.00 USD; fee 10 bps = 4.002 → 4.01 USD.
    expect(fill).toMatchObject({
      price8: usd8(40_020),
      notionalCents: 400_200n,
      feeCents: 401n,
      liquidity: 'taker',
    });
    expect(fill?.time).toBe(candle.time);
  });

  it('fills a market sell lower by the slippage', () => {
    const fill = fillMarketOrder(order('sell', coins(0.1)), usd8(40_000), 5, someCosts);
    expect(fill).toMatchObject({ price8: usd8(39_980), notionalCents: 399_800n, feeCents: 400n, time: 5 });
  });

  it('fills a limit order at its price as a maker only when the range reaches it', () => {
    const candle = { ...flat(1, usd8(40_000)), high: usd8(40_500), low: usd8(39_500) };
    expect(fillOnCandle(order('buy', coins(1), usd8(39_000)), candle, someCosts)).toBeNull();
    expect(fillOnCandle(order('sell', coins(1), usd8(41_000)), candle, someCosts)).toBeNull();
    const buy = fillOnCandle(order('buy', coins(1), usd8(39_600)), candle, someCosts);
    expect(buy).toMatchObject({
      price8: usd8(39_600),
      notionalCents: 3_960_000n,
      feeCents: 1_980n,
      liquidity: 'maker',
    });
    const sell = fillOnCandle(order('sell', coins(1), usd8(40_500)), candle, someCosts);
    expect(sell).toMatchObject({ price8: usd8(40_500), liquidity: 'maker' });
  });

  it('conserves value: cash change + quantity × price − fee accounts within a cent of rounding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Order['side']>('buy', 'sell'),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.record({
          takerFeeBps: fc.integer({ min: 0, max: 100 }),
          makerFeeBps: fc.integer({ min: 0, max: 100 }),
          slippageBps: fc.integer({ min: 0, max: 100 }),
        }),
        (side, quantity, price, costs) => {
          const fill = fillMarketOrder(order(side, quantity), price, 0, costs);
          // The exact value in units of 10^-14 cents; the notional differs by less than a cent, in the house's favour.
          const exact = quantity * fill.price8;
          const scaled = fill.notionalCents * 10n ** 14n;
          if (side === 'buy') expect(scaled >= exact && scaled - exact < 10n ** 14n).toBe(true);
          else expect(scaled <= exact && exact - scaled < 10n ** 14n).toBe(true);
          expect(fill.feeCents * 10_000n >= fill.notionalCents * BigInt(costs.takerFeeBps)).toBe(true);
          const signedCoin = side === 'buy' ? fill.notionalCents : -fill.notionalCents;
          expect(fillCashDelta(fill) + signedCoin + fill.feeCents).toBe(0n);

          // The books: what left the cash is the coin's value plus the fee (a buy), and the reverse for a sell.
          const cash = 10n ** 16n;
          const before =
            side === 'buy'
              ? emptyFund(cash)
              : {
                  ...emptyFund(cash),
                  positions: { BTC: { quantity, costCents: 0n, realizedCents: 0n } },
                };
          const after = applyFill(before, fill).fund;
          expect(after.cashCents - before.cashCents).toBe(fillCashDelta(fill));
          expect(after.positions.BTC?.quantity ?? 0n).toBe(side === 'buy' ? quantity : 0n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
