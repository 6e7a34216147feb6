import { GBP_TO_USD, penceToUsdCents, poundsToPence } from '@ledgerline/rules/gbp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('poundsToPence', () => {
  it('reads the plans’ amounts from their digits', () => {
    expect(poundsToPence(100)).toBe(10_000);
    expect(poundsToPence(1_999.99)).toBe(199_999);
    expect(poundsToPence(0.29)).toBe(29);
    expect(poundsToPence(5_000_000)).toBe(500_000_000);
  });

  it('refuses what is not pounds and pence', () => {
    for (const value of [0.1 + 0.2, 1.005, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(poundsToPence(value), String(value)).toBeNull();
    }
  });
});

describe('penceToUsdCents', () => {
  it('converts at the rate the plans are shown at', () => {
    expect(GBP_TO_USD).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(penceToUsdCents(10_000, 'up', '1.27')).toBe(12_700);
    // 199,999 × 1.27 = 253,998.73 cents.
    expect(penceToUsdCents(199_999, 'down', '1.27')).toBe(253_998);
    expect(penceToUsdCents(199_999, 'up', '1.27')).toBe(253_999);
    expect(penceToUsdCents(500_000_001, 'up', '1.27')).toBe(635_000_002);
  });

  it('rounds only what has a fraction of a cent', () => {
    expect(penceToUsdCents(100, 'up', '1.2345')).toBe(124);
    expect(penceToUsdCents(100, 'down', '1.2345')).toBe(123);
    expect(penceToUsdCents(200, 'up', '1.5')).toBe(300);
    expect(penceToUsdCents(200, 'down', '1.5')).toBe(300);
  });

  it('is exact: up and down bracket pence × rate within one cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_00 }),
        fc.integer({ min: 1, max: 99_999 }),
        (pence, rate) => {
          const text = `${Math.floor(rate / 10_000)}.${String(rate % 10_000).padStart(4, '0')}`;
          const exact = BigInt(pence) * BigInt(rate);
          const up = BigInt(penceToUsdCents(pence, 'up', text));
          const down = BigInt(penceToUsdCents(pence, 'down', text));
          expect(down * 10_000n <= exact && exact <= up * 10_000n).toBe(true);
          expect(up - down).toBe(exact % 10_000n === 0n ? 0n : 1n);
        },
      ),
    );
  });

  it('refuses a rate with more than four decimals, and pence that are not whole', () => {
    expect(() => penceToUsdCents(100, 'up', '1.27001')).toThrow(RangeError);
    expect(() => penceToUsdCents(1.5, 'up')).toThrow(RangeError);
  });
});
