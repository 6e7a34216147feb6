import { describe, expect, it } from 'vitest';
import { type DailyNav, drawdownSeries, fundPerformance, fundReturns } from './performance';

const nav = (date: string, dollars: number): DailyNav => ({
  date,
  navPerUnit8: BigInt(Math.round(dollars * 1e8)),
});

describe('a fund’s returns', () => {
  it('compare the last day with the day the period before, or the last day before that one', () => {
    const daily = [
      nav('2025-12-01', 1),
      nav('2026-08-20', 2),
      nav('2026-10-20', 1.5),
      nav('2026-11-27', 1.8),
    ];
    // 30 days before 27 November is 28 October: its last valuation before is 20 October's.
    // 91 days before is 28 August: 20 August's; 365 days before is 27 November 2025, before its first valuation.
    expect(fundReturns(daily)).toEqual({ oneMonth: 0.2, threeMonths: -0.1, oneYear: null });
  });

  it('are null for a fund without valuations, and for one valued only today', () => {
    expect(fundReturns([])).toEqual({ oneMonth: null, threeMonths: null, oneYear: null });
    expect(fundReturns([nav('2026-11-27', 1.1)])).toEqual({
      oneMonth: null,
      threeMonths: null,
      oneYear: null,
    });
  });
});

describe('a fund’s drawdowns', () => {
  it('measure each day’s fall below the highest daily NAV so far, and the largest of them', () => {
    const daily = [
      nav('2026-11-01', 1),
      nav('2026-11-02', 2),
      nav('2026-11-03', 1.5),
      nav('2026-11-04', 2.5),
    ];
    expect(drawdownSeries(daily)).toEqual([
      { date: '2026-11-01', navPerUnit: '1.00000000', drawdown: 0 },
      { date: '2026-11-02', navPerUnit: '2.00000000', drawdown: 0 },
      { date: '2026-11-03', navPerUnit: '1.50000000', drawdown: 0.25 },
      { date: '2026-11-04', navPerUnit: '2.50000000', drawdown: 0 },
    ]);
    expect(fundPerformance(daily).maxDrawdown).toBe(0.25);
    expect(fundPerformance([]).maxDrawdown).toBe(0);
  });
});
