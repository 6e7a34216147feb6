import {
  divide,
  formatDecimal,
  mulDiv,
  notionalCents,
  parseDecimal,
  quantityForCents,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorDivideExact, notionalFloorExact, safeIntegerOf } from '../src/money';

describe('decimal text', () => {
  it('reads and writes exactly, at the scale given', () => {
    expect(parseDecimal('1250.5', 2)).toBe(125050n);
    expect(parseDecimal('0.00000001', 8)).toBe(1n);
    expect(parseDecimal('-3', 2)).toBe(-300n);
    expect(formatDecimal(125050n, 2)).toBe('1250.50');
    expect(formatDecimal(1n, 8)).toBe('0.00000001');
    expect(formatDecimal(-5n, 2)).toBe('-0.05');
  });

  it('throws rather than drop a digit', () => {
    expect(() => parseDecimal('0.001', 2)).toThrow(/more than 2 decimals/);
    expect(() => parseDecimal('1e3', 2)).toThrow(/not a decimal/);
    expect(() => parseDecimal('', 2)).toThrow();
  });

  it('gives back the same integer after writing and reading it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        (value, scale) => {
          expect(parseDecimal(formatDecimal(value, scale), scale)).toBe(value);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('mulDiv', () => {
  it('rounds in the direction asked', () => {
    expect(mulDiv(10n, 1n, 3n, 'floor')).toBe(3n);
    expect(mulDiv(10n, 1n, 3n, 'ceil')).toBe(4n);
    expect(mulDiv(-10n, 1n, 3n, 'floor')).toBe(-4n);
    expect(mulDiv(-10n, 1n, 3n, 'ceil')).toBe(-3n);
    expect(mulDiv(5n, 1n, 2n, 'half-even')).toBe(2n);
    expect(mulDiv(7n, 1n, 2n, 'half-even')).toBe(4n);
    expect(mulDiv(-5n, 1n, 2n, 'half-even')).toBe(-2n);
    expect(mulDiv(11n, 1n, 4n, 'half-even')).toBe(3n);
    expect(() => mulDiv(1n, 1n, 0n, 'floor')).toThrow();
  });

  it('keeps floor ≤ exact ≤ ceil, one apart at most', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const low = divide(n, d, 'floor');
          const high = divide(n, d, 'ceil');
          const even = divide(n, d, 'half-even');
          expect(low * d <= n && n <= high * d).toBe(true);
          expect(high - low <= 1n).toBe(true);
          expect(even === low || even === high).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('notional', () => {
  it('is quantity × price in cents, rounded as asked', () => {
    // 0.5 BTC at 40,000.00000001 USD.
    expect(notionalCents(50_000_000n, 4_000_000_000_001n, 'floor')).toBe(2_000_000n);
    expect(notionalCents(50_000_000n, 4_000_000_000_001n, 'ceil')).toBe(2_000_001n);
  });

  it('never buys more than the amount pays for', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (cents, price) => {
          const quantity = quantityForCents(cents, price);
          expect(notionalCents(quantity, price, 'ceil') <= cents).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('exact integers in plain numbers', () => {
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  // Small, realistic and past-safe magnitudes, so each branch is drawn.
  const magnitude = fc.oneof(
    fc.bigInt({ min: 0n, max: 10n ** 8n }),
    fc.bigInt({ min: 0n, max: 10n ** 13n }),
    fc.bigInt({ min: 0n, max: safe }),
    fc.bigInt({ min: 0n, max: 2n ** 64n }),
  );

  it('values a quantity at a price exactly as the bigint notional does, or declines', () => {
    fc.assert(
      fc.property(magnitude, magnitude, (quantity, price) => {
        const cents = notionalFloorExact(Number(quantity), Number(price));
        const exact = notionalCents(quantity, price, 'floor');
        if (Number.isNaN(cents)) {
          // It declines only for factors past the safe integers or products past 10^20 (a partial product overflows).
          expect(quantity > safe || price > safe || quantity * price >= 10n ** 14n * 2n ** 20n).toBe(true);
        } else expect(BigInt(cents)).toBe(exact);
      }),
      { numRuns: 2_000 },
    );
    // Quotients that sit just under a whole cent, where a rounded double would round up.
    expect(notionalFloorExact(99_999_999, 99_999_999)).toBe(99);
    expect(notionalFloorExact(10 ** 14 - 1, 1)).toBe(0);
    expect(notionalFloorExact(2_400_000_000, 4_200_000_000_000)).toBe(100_800_000);
  });

  it('divides rounding down with the exact remainder', () => {
    fc.assert(
      fc.property(magnitude, fc.bigInt({ min: 1n, max: 10n ** 15n }), (numerator, denominator) => {
        const quotient = floorDivideExact(Number(numerator), Number(denominator));
        if (Number.isNaN(quotient)) expect(numerator + denominator > safe).toBe(true);
        else expect(BigInt(quotient)).toBe(numerator / denominator);
      }),
      { numRuns: 2_000 },
    );
    expect(floorDivideExact(2 ** 53 - 5, 3)).toBe(Number((2n ** 53n - 5n) / 3n));
    expect(floorDivideExact(2 ** 53 - 2, 3)).toBeNaN();
  });

  it('reads a bigint as the same number, or NaN past the safe integers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (value) => {
        const number = safeIntegerOf(value);
        if (value > safe || value < -safe) expect(number).toBeNaN();
        else expect(number).toBe(Number(value));
      }),
      { numRuns: 2_000 },
    );
    expect(safeIntegerOf(-(2n ** 40n) - 7n)).toBe(-(2 ** 40) - 7);
  });
});
