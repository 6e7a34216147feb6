import { describe, expect, it } from 'vitest';
import { backtestPeriod, isBacktestPeriodId, periodFitsTimeframe } from './backtestPeriods';

describe('backtestPeriod', () => {
  const now = Date.parse('2026-11-27T09:13:45.000Z');

  it('ends at the start of today in UTC, whatever the hour', () => {
    expect(backtestPeriod('30d', now)).toEqual({
      from: '2026-10-28T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
    });
    expect(backtestPeriod('30d', Date.parse('2026-11-27T23:59:59.999Z')).to).toBe('2026-11-27T00:00:00.000Z');
  });

  it('reaches back the period’s number of whole days', () => {
    expect(backtestPeriod('90d', now).from).toBe('2026-08-29T00:00:00.000Z');
    expect(backtestPeriod('1y', now).from).toBe('2025-11-27T00:00:00.000Z');
  });
});

describe('periodFitsTimeframe', () => {
  it('offers only periods within the server’s 50,000 candles', () => {
    expect(periodFitsTimeframe(30, '1m')).toBe(true); // 43,200 candles
    expect(periodFitsTimeframe(90, '1m')).toBe(false); // 129,600
    expect(periodFitsTimeframe(365, '15m')).toBe(true); // 35,040
    expect(periodFitsTimeframe(365, '5m')).toBe(false); // 105,120
    expect(periodFitsTimeframe(365, '1h')).toBe(true);
  });

  it('lets an unknown or missing timeframe through: the server says', () => {
    expect(periodFitsTimeframe(365, '3m')).toBe(true);
    expect(periodFitsTimeframe(365, undefined)).toBe(true);
  });
});

it('knows its periods', () => {
  expect(isBacktestPeriodId('90d')).toBe(true);
  expect(isBacktestPeriodId('7d')).toBe(false);
});
