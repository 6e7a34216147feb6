import {
  type CoinPrices,
  emptyFund,
  type FundState,
  fillMarketOrder,
  fillMovements,
  isBalanced,
  movementTotals,
  strikeValuation,
  valueFund,
  yearMs,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coins, someCosts, usd8 } from './fixtures';

const btcAt = (dollars: number, time = 0): CoinPrices => ({ BTC: { price8: usd8(dollars), time } });
const byCoin = { BTC: 'BTC/USDT' };

/** A fund with 1,000 USD of cash, half a BTC and 2,000 units. */
const holding: FundState = {
  ...emptyFund(100_000n, 2_000_000_000n),
  positions: { BTC: { quantity: coins(0.5), costCents: 1_000_000n, realizedCents: 0n } },
};

describe('NAV', () => {
  it('is the positions at the last price plus cash less fees owed', () => {
    const valuation = valueFund({ ...holding, accruedFeesCents: 5_000n }, btcAt(20_000), 0);
    expect(valuation.positionsCents).toBe(1_000_000n);
    expect(valuation.navCents).toBe(1_000_000n + 100_000n - 5_000n);
    // 10,950 USD over 2,000 units: 5.475 USD a unit.
    expect(valuation.navPerUnit8).toBe(usd8(5.475));
  });

  it('starts at 1 USD a unit and is never negative', () => {
    expect(valueFund(emptyFund(), {}, 0).navPerUnit8).toBe(usd8(1));
    const owing = valueFund({ ...emptyFund(100n, 1_000_000n), accruedFeesCents: 500n }, {}, 0);
    expect(owing.navCents).toBe(0n);
    expect(owing.navPerUnit8).toBe(0n);
  });
});

describe('investments and redemptions at the next NAV', () => {
  it('issues the first units at 1 USD, later ones at the NAV per unit, rounded down', () => {
    const first = strikeValuation(
      {
        ...emptyFund(),
        pendingInvestments: [{ id: 'i1', investorId: 'ann', amountCents: 10_000n, requestedAt: 0 }],
      },
      {},
      1,
      0,
      true,
      'f',
      byCoin,
    );
    expect(first.issued).toEqual([
      { id: 'i1', investorId: 'ann', amountCents: 10_000n, units: 100_000_000n },
    ]);
    expect(first.fund.unitsOutstanding).toBe(100_000_000n);
    expect(isBalanced(first.movements)).toBe(true);

    const later = strikeValuation(
      {
        ...holding,
        pendingInvestments: [{ id: 'i2', investorId: 'bob', amountCents: 1_000n, requestedAt: 0 }],
      },
      btcAt(20_000),
      1,
      0,
      true,
      'f',
      byCoin,
    );
    // 10 USD at 5.50 USD a unit: 1.818181… units, rounded down to 1.818181.
    expect(later.issued[0]?.units).toBe(1_818_181n);
    expect(later.fund.cashCents).toBe(101_000n);
  });

  it('pays a redemption of units at the NAV per unit, rounded down, and balances per asset', () => {
    const result = strikeValuation(
      {
        ...holding,
        pendingRedemptions: [
          {
            id: 'r1',
            investorId: 'ann',
            request: { kind: 'units', units: 3_000_000n, heldUnits: 10_000_000n },
            requestedAt: 0,
          },
        ],
      },
      btcAt(20_000),
      1,
      0,
      true,
      'f',
      byCoin,
    );
    // 3 units × 5.50 = 16.50 USD.
    expect(result.redeemed).toEqual([
      { id: 'r1', investorId: 'ann', units: 3_000_000n, payoutCents: 1_650n },
    ]);
    expect(result.fund.unitsOutstanding).toBe(2_000_000_000n - 3_000_000n);
    expect(result.fund.cashCents).toBe(100_000n - 1_650n);
    expect(movementTotals(result.movements).get('UNITS')).toBe(0n);
    expect(isBalanced(result.movements)).toBe(true);
  });

  it('refuses a redemption larger than the holding', () => {
    const result = strikeValuation(
      {
        ...holding,
        pendingRedemptions: [
          {
            id: 'r1',
            investorId: 'ann',
            request: { kind: 'amount', amountCents: 50_000n, heldUnits: 1_000_000n },
            requestedAt: 0,
          },
        ],
      },
      btcAt(20_000),
      1,
      0,
      true,
      'f',
      byCoin,
    );
    expect(result.refused).toEqual([
      { id: 'r1', investorId: 'ann', reason: 'The redemption is larger than the units held.' },
    ]);
  });

  it('sells positions pro rata when cash cannot pay a redemption, and pays it at a later valuation', () => {
    const result = strikeValuation(
      {
        ...holding,
        pendingRedemptions: [
          {
            id: 'r1',
            investorId: 'ann',
            request: { kind: 'all', heldUnits: 1_000_000_000n },
            requestedAt: 0,
          },
        ],
      },
      btcAt(20_000),
      1,
      0,
      true,
      'f',
      byCoin,
    );
    // Half the units are worth 5,500 USD; cash is 1,000 USD.
    expect(result.redeemed).toEqual([]);
    expect(result.fund.pendingRedemptions).toHaveLength(1);
    expect(result.redemptionSells).toEqual([
      { pair: 'BTC/USDT', side: 'sell', size: { kind: 'usd', cents: 459_000n }, reason: 'redemption' },
    ]);
  });
});

describe('the management fee', () => {
  it('accrues pro rata for the time elapsed and is paid to the platform from cash', () => {
    // 2% a year on 10,000 USD of cash, valued every hour for a year. Each hour's fee is charged on
    // the NAV left after the earlier ones: 10,000 × (1 − e^−0.02) ≈ 198.01 USD in all.
    let books: FundState = { ...emptyFund(1_000_000n, 10_000_000_000n), lastValuationTime: 0 };
    let paid = 0n;
    for (let hour = 1; hour <= 365 * 24; hour++) {
      const result = strikeValuation(books, {}, hour * 3_600_000, 200, true, 'f', {});
      expect(isBalanced(result.movements)).toBe(true);
      for (const m of result.movements) if (m.account === 'fees:platform') paid += m.amount;
      books = result.fund;
    }
    expect(books.lastValuationTime).toBe(yearMs);
    expect(paid).toBeGreaterThanOrEqual(19_800n);
    expect(paid).toBeLessThanOrEqual(19_802n);
    expect(books.cashCents).toBe(1_000_000n - paid);
  });
});

describe('the books stay consistent', () => {
  const events = fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('invest' as const),
        amountCents: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      }),
      fc.record({ kind: fc.constant('redeem' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('buy' as const), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('price' as const), dollars: fc.integer({ min: 1, max: 200_000 }) }),
    ),
    { minLength: 1, maxLength: 30 },
  );

  it('keeps NAV per unit ≥ 0, units × NAV per unit within one unit of NAV, and every movement set balanced', () => {
    fc.assert(
      fc.property(events, fc.integer({ min: 0, max: 500 }), (steps, feeBps) => {
        let fund: FundState = { ...emptyFund(), lastValuationTime: 0 };
        let prices = btcAt(30_000);
        let time = 0;
        let held = 0n;
        let id = 0;
        for (const event of steps) {
          time += 3_600_000;
          id++;
          if (event.kind === 'invest') {
            fund = {
              ...fund,
              pendingInvestments: [
                { id: `i${id}`, investorId: 'ann', amountCents: event.amountCents, requestedAt: time },
              ],
            };
          } else if (event.kind === 'redeem' && held > 0n) {
            const units = (held * BigInt(event.share)) / 100n;
            if (units > 0n) {
              fund = {
                ...fund,
                pendingRedemptions: [
                  {
                    id: `r${id}`,
                    investorId: 'ann',
                    request: { kind: 'units', units, heldUnits: held },
                    requestedAt: time,
                  },
                ],
              };
            }
          } else if (event.kind === 'buy' && fund.cashCents > 100n) {
            const price = prices.BTC?.price8 ?? 1n;
            const quantity = (((fund.cashCents * BigInt(event.share)) / 101n) * 10n ** 14n) / price / 10_000n;
            if (quantity > 0n) {
              const fill = fillMarketOrder(
                {
                  clientId: `o${id}`,
                  pair: 'BTC/USDT',
                  side: 'buy',
                  type: 'market',
                  quantity,
                  limitPrice8: null,
                  reason: 'entry',
                  placedAt: time,
                },
                price,
                time,
                someCosts,
              );
              expect(isBalanced(fillMovements(fill))).toBe(true);
              if (fill.notionalCents + fill.feeCents <= fund.cashCents) {
                const position = fund.positions.BTC ?? { quantity: 0n, costCents: 0n, realizedCents: 0n };
                fund = {
                  ...fund,
                  cashCents: fund.cashCents - fill.notionalCents - fill.feeCents,
                  positions: { BTC: { ...position, quantity: position.quantity + fill.quantity } },
                };
              }
            }
          } else if (event.kind === 'price') {
            prices = btcAt(event.dollars, time);
          }
          const result = strikeValuation(fund, prices, time, feeBps, id % 3 === 0, 'f', byCoin);
          expect(isBalanced(result.movements)).toBe(true);
          for (const issue of result.issued) held += issue.units;
          for (const redemption of result.redeemed) held -= redemption.units;
          fund = result.fund;
          expect(fund.unitsOutstanding).toBe(held);
          const after = valueFund(fund, prices, time);
          expect(after.navPerUnit8 >= 0n).toBe(true);
          // units × NAV per unit (rounded down) falls short of NAV by less than one unit's worth.
          const implied = (after.unitsOutstanding * after.navPerUnit8) / 10n ** 12n;
          expect(implied <= after.navCents).toBe(true);
          const oneUnit = after.navPerUnit8 / 10n ** 6n + 1n;
          expect(after.navCents - implied <= oneUnit).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
