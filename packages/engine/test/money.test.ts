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
