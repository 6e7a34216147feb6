import {
  centsToUsdNumber,
  centsToUsdText,
  contractUsdToCents,
  isTypedUsdDraft,
  maxUsdCents,
  typedUsdToCents,
  typedUsdToText,
  usdNumberToCents,
} from '@ledgerline/rules/usd';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The largest amount the contract's decimal string can hold: twelve whole digits and two decimals. */
const largestContractCents = 99_999_999_999_999;

/** Text that is no amount in any form: signs, exponents, other separators, words. */
const neverAmounts = [
  '1e3',
  '1E3',
  '-1',
  '+1',
  '1,000',
  '$5',
  '1 000',
  '1..2',
  '1.2.3',
  'NaN',
  'Infinity',
  '0x1',
  'abc',
  '٣',
];

describe('maxUsdCents', () => {
  it('is 1,000,000,000 USD in cents', () => {
    expect(maxUsdCents).toBe(1_000_000_000 * 100);
    expect(centsToUsdText(maxUsdCents)).toBe('1000000000.00');
  });
});

describe('isTypedUsdDraft', () => {
  it.each(['', '.', '7', '7.', '.5', '007.5', '1250.50', '0.29'])(
    'takes %j as an amount being typed',
    (text) => {
      expect(isTypedUsdDraft(text)).toBe(true);
    },
  );

  it.each([...neverAmounts, ' 5', '5 ', '1.234', '.123', '1.2.'])('refuses %j', (text) => {
    expect(isTypedUsdDraft(text)).toBe(false);
  });
});

describe('typedUsdToCents', () => {
  it.each([
    ['1250.5', 125_050],
    ['1250.50', 125_050],
    ['0.29', 29],
    ['0.3', 30],
    [' 5 ', 500],
    ['\t12\n', 1_200],
    ['007.5', 750],
    ['.5', 50],
    ['.05', 5],
    ['5.', 500],
    ['0', 0],
    ['000', 0],
    ['0.00', 0],
    ['1000000000', maxUsdCents],
    ['1000000000.01', maxUsdCents + 1],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d cents', (text, cents) => {
    expect(typedUsdToCents(text)).toBe(cents);
  });

  it.each([...neverAmounts, '', ' ', '.', '1.234', '0.001', '. 5', '5 .5'])('refuses %j', (text) => {
    expect(typedUsdToCents(text)).toBeNull();
  });

  it('reads amounts beyond exact cents as the nearest number, still above the ceiling', () => {
    expect(typedUsdToCents('90071992547409.93')).toBe(2 ** 53);
    expect(typedUsdToCents('90071992547409.93')).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const huge = typedUsdToCents('123456789012345678901234567890');
    expect(huge).toBe(Number('12345678901234567890123456789000'));
    expect(huge).toBeGreaterThan(maxUsdCents);
  });
});

describe('typedUsdToText', () => {
  it.each([
    ['007.5', '7.50'],
    ['.5', '0.50'],
    ['12.', '12.00'],
    [' 5 ', '5.00'],
    ['0', '0.00'],
    ['000.0', '0.00'],
    ['0.29', '0.29'],
    ['1250.5', '1250.50'],
    ['1000000000.01', '1000000000.01'],
    // Digit for digit, however long: nothing goes through a number.
    ['0123456789012345678901234.5', '123456789012345678901234.50'],
  ])('writes %j as %j', (text, amount) => {
    expect(typedUsdToText(text)).toBe(amount);
  });

  it.each([...neverAmounts, '', ' ', '.', '1.234'])('refuses %j', (text) => {
    expect(typedUsdToText(text)).toBeNull();
  });
});

describe('contractUsdToCents', () => {
  it.each([
    ['1250.50', 125_050],
    ['1250.5', 125_050],
    ['300', 30_000],
    ['0.07', 7],
    ['0.1', 10],
    ['0.29', 29],
    ['0', 0],
    ['1000000000', maxUsdCents],
    ['1000000000.01', maxUsdCents + 1],
    ['999999999999.99', largestContractCents],
  ])('reads %j as %d cents', (text, cents) => {
    expect(contractUsdToCents(text)).toBe(cents);
  });

  it.each([
    ...neverAmounts,
    '',
    ' 5 ',
    ' 1',
    '1 ',
    '007.5',
    '01',
    '00',
    '.5',
    '5.',
    '1.234',
    '1.005',
    '1000000000000',
    '9007199254740991',
  ])('refuses %j', (text) => {
    expect(contractUsdToCents(text)).toBeNull();
  });
});

describe('usdNumberToCents', () => {
  it('reads the decimal text of the number, not its product with 100', () => {
    // The products are what multiplying would see; the cents are what the number says.
    expect(0.29 * 100).not.toBe(29);
    expect(usdNumberToCents(0.29)).toBe(29);
    expect(1.15 * 100).not.toBe(115);
    expect(usdNumberToCents(1.15)).toBe(115);
    expect(usdNumberToCents(25_455.4)).toBe(2_545_540);
  });

  it.each([
    [0, 0],
    [-0, 0],
    [0.3, 30],
    [0.07, 7],
    [300, 30_000],
    [-20.25, -2_025],
    [1_000_000_000, maxUsdCents],
    [1_000_000_000.01, maxUsdCents + 1],
    [999_999_999_999.99, largestContractCents],
  ])('reads %d as %d cents', (value, cents) => {
    expect(usdNumberToCents(value)).toBe(cents);
  });

  it.each([
    ['0.1 + 0.2', 0.1 + 0.2],
    ['1.005', 1.005],
    ['0.001', 0.001],
    ['1e-7 (written with an exponent)', 1e-7],
    ['1e21 (written with an exponent)', 1e21],
    ['1e12 (thirteen whole digits)', 1e12],
    ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('refuses %s', (_name, value) => {
    expect(usdNumberToCents(value)).toBeNull();
  });
});

describe('centsToUsdText', () => {
  it.each([
    [125_050, '1250.50'],
    [29, '0.29'],
    [5, '0.05'],
    [100, '1.00'],
    [0, '0.00'],
    [-0, '0.00'],
    [-5, '-0.05'],
    [-125_050, '-1250.50'],
    [maxUsdCents, '1000000000.00'],
    [maxUsdCents + 1, '1000000000.01'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('writes %d cents as %j', (cents, text) => {
    expect(centsToUsdText(cents)).toBe(text);
  });

  it.each([0.5, 12.34, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %d, which is not a whole number of cents',
    (cents) => {
      expect(() => centsToUsdText(cents)).toThrow(RangeError);
    },
  );
});

describe('centsToUsdNumber', () => {
  it.each([
    [125_050, 1250.5],
    [29, 0.29],
    [30, 0.3],
    [-2_025, -20.25],
    [0, 0],
    [maxUsdCents, 1_000_000_000],
    [maxUsdCents + 1, 1_000_000_000.01],
  ])('writes %d cents as %d', (cents, value) => {
    expect(centsToUsdNumber(cents)).toBe(value);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => centsToUsdNumber(0.5)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  const contractCents = fc.integer({ min: -largestContractCents, max: largestContractCents });

  it('keeps every amount of the contract through its number and its text', () => {
    fc.assert(
      fc.property(contractCents, (cents) => {
        expect(usdNumberToCents(centsToUsdNumber(cents))).toBe(cents);
        // The number is the one the exact decimal reads as.
        expect(centsToUsdNumber(cents)).toBe(Number(centsToUsdText(cents)));
        if (cents >= 0) expect(contractUsdToCents(centsToUsdText(cents))).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps every whole number of cents through the typed form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = centsToUsdText(cents);
        expect(typedUsdToCents(text)).toBe(cents);
        expect(typedUsdToText(text)).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads what a person types as the digits they typed', () => {
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: max });
    fc.assert(
      fc.property(digits(12), digits(2), fc.boolean(), (whole, fraction, point) => {
        const text = point ? `${whole}.${fraction}` : `${whole}${fraction}`;
        fc.pre(/\d/.test(text));
        const expected = point
          ? BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'))
          : BigInt(text) * 100n;
        expect(typedUsdToCents(text)).toBe(Number(expected));
        expect(isTypedUsdDraft(text)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

// Moved from the server's tests when its own names for these rules went: amounts at the server's edge.
describe('amounts at the server’s edge', () => {
  it('reads decimal strings as exact cents, and nothing else', () => {
    expect(contractUsdToCents('1250.50')).toBe(125_050);
    expect(contractUsdToCents('300')).toBe(30_000);
    expect(contractUsdToCents('0.07')).toBe(7);
    expect(contractUsdToCents('0.1')).toBe(10);
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
      expect(contractUsdToCents(bad), bad).toBeNull();
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
        expect(usdNumberToCents(centsToUsdNumber(cents))).toBe(cents);
        expect(contractUsdToCents(centsToUsdText(cents))).toBe(cents);
      }),
    );
  });

  it('formats cents for CSV', () => {
    expect(centsToUsdText(125_050)).toBe('1250.50');
    expect(centsToUsdText(-5)).toBe('-0.05');
  });
});
