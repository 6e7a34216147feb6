import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToUsd, formatCents, formatUsdForPeople, parseUsdString, usdNumberToCents } from './amounts';
import { maskName } from './names';
import { newRef } from './refs';

describe('amounts', () => {
  it('reads decimal strings as exact cents, and nothing else', () => {
    expect(parseUsdString('1250.50')).toBe(125_050);
    expect(parseUsdString('300')).toBe(30_000);
    expect(parseUsdString('0.07')).toBe(7);
    expect(parseUsdString('0.1')).toBe(10);
    for (const bad of [
      '1e3',
      '-1',
      '1.005',
      ' 1',
      '1 ',
      '01',
      '1.',
      '.1',
      '1,000',
      'NaN',
      'Infinity',
      '0x1',
      '',
    ]) {
      expect(parseUsdString(bad), bad).toBeNull();
    }
  });

  it('reads JSON numbers with at most two decimals as exact cents', () => {
    expect(usdNumberToCents(0.29)).toBe(29);
    expect(usdNumberToCents(-20.25)).toBe(-2_025);
    expect(usdNumberToCents(1_000_000_000)).toBe(100_000_000_000);
    expect(usdNumberToCents(0.1 + 0.2)).toBeNull();
    expect(usdNumberToCents(1.005)).toBeNull();
    expect(usdNumberToCents(Number.NaN)).toBeNull();
    expect(usdNumberToCents(1e21)).toBeNull();
  });

  it('round-trips every amount in cents through the edge without loss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(usdNumberToCents(centsToUsd(cents))).toBe(cents);
        expect(parseUsdString(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('formats cents for CSV and for people', () => {
    expect(formatCents(125_050)).toBe('1250.50');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatUsdForPeople(123_450)).toBe('$1,234.50');
    expect(formatUsdForPeople(100_000_000_000)).toBe('$1,000,000,000.00');
  });
});

describe('names and references', () => {
  it('masks names for other people', () => {
    expect(maskName('john doe')).toBe('j***n d***');
    expect(maskName('maria smith')).toBe('m***a s***h');
    expect(maskName('  al  ')).toBe('a***');
  });

  it('makes references that cannot be misread', () => {
    for (let index = 0; index < 200; index++) expect(newRef('DEP')).toMatch(/^DEP-[2-9A-HJ-NP-Z]{8}$/);
  });
});
