import {
  type Candle,
  emptyFund,
  initialEngineState,
  isBalanced,
  notionalCents,
  pairBase,
  step,
  timeframes,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fundOf, scenario } from './scenarios';

describe('over a whole run of steps', () => {
  it('places no order that breaks a risk limit, and keeps NAV per unit ≥ 0 with units × NAV per unit = NAV', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { config, candles } = fundOf(s);
        const pairs = Object.keys(candles);
        const intervalMs = timeframes[config.strategy.timeframe];
        let state = initialEngineState(config, {
          ...emptyFund(s.startCashCents, s.startCashCents * 10_000n),
          lastValuationTime: candles[pairs[0] ?? '']?.[0]?.time ?? 0,
        });
        for (let i = 0; i < s.count; i++) {
          const now: Record<string, Candle> = {};
          for (const pair of pairs) {
            const candle = candles[pair]?.[i];
            if (candle !== undefined) now[pair] = candle;
          }
          const closeTime = (candles[pairs[0] ?? '']?.[i]?.time ?? 0) + intervalMs;
          const result = step({ config, state, candles: now, now: closeTime });
          state = result.state;
          const { fund, risk, prices } = state;
          expect(isBalanced(result.movements)).toBe(true);
          expect(fund.cashCents >= 0n).toBe(true);

          // NAV per unit is never negative, and units × NAV per unit is the NAV, short of it only by
          // the rounding down of NAV per unit (under 10^-8 USD a unit) and of the product to the cent.
          const { navCents, navPerUnit8, unitsOutstanding } = result.valuation;
          expect(navPerUnit8 >= 0n).toBe(true);
          const implied = (unitsOutstanding * navPerUnit8) / 10n ** 12n;
          expect(implied <= navCents).toBe(true);
          expect(navCents - implied <= unitsOutstanding / 10n ** 12n + 1n).toBe(true);

          // Every order: whole steps, the exchange's minimums, no buy past the daily loss limit or
          // while paused, no sell of more than is held, no coin above its share of NAV.
          const held = new Map<string, bigint>();
          for (const [coin, position] of Object.entries(fund.positions)) held.set(coin, position.quantity);
          for (const order of result.orders) {
            const market = config.markets[order.pair];
            const coin = pairBase(order.pair) ?? '';
            const price8 = prices[coin]?.price8 ?? 0n;
            if (market === undefined)
              throw new Error(`an order for ${order.pair}, a pair the fund does not trade`);
            expect(order.quantity % market.quantityStep).toBe(0n);
            expect(order.quantity >= market.minQuantity).toBe(true);
            expect(notionalCents(order.quantity, price8, 'floor') >= market.minNotionalCents).toBe(true);
            const after = (held.get(coin) ?? 0n) + (order.side === 'buy' ? order.quantity : -order.quantity);
            held.set(coin, after);
            if (order.side === 'sell') expect(after >= 0n).toBe(true);
            else {
              expect(risk.dailyLossHit).toBe(false);
              expect(risk.paused).toBeNull();
              expect(
                notionalCents(after, price8, 'floor') * 100n <=
                  navCents * BigInt(config.risk.maxAssetSharePct),
              ).toBe(true);
            }
          }
          const open = [...held.values()].filter((quantity) => quantity > 0n).length;
          expect(open <= Math.max(config.risk.maxOpenPositions, Object.keys(fund.positions).length)).toBe(
            true,
          );
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
