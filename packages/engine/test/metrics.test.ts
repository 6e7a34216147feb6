import { computeMetrics, maxDrawdown, type NavPoint } from '@ledgerline/engine';
import { describe, expect, it } from 'vitest';

const day = 86_400_000;
const series = (dollars: number[], spacing = day): NavPoint[] =>
  dollars.map((value, i) => ({ time: i * spacing, navCents: BigInt(value * 100) }));

describe('metrics', () => {
  it('measures the largest fall from a peak', () => {
    expect(maxDrawdown([100, 120, 90, 130])).toBe(0.25);
    expect(maxDrawdown([100, 110, 120])).toBe(0);
    expect(computeMetrics(series([100, 120, 90, 130])).maxDrawdown).toBe(0.25);
  });

  it('computes return, Sharpe and Sortino from daily returns, and no CAGR under a year', () => {
    const metrics = computeMetrics(series([100, 110, 99, 108.9]));
    expect(metrics.totalReturn).toBeCloseTo(0.089, 12);
    // Daily returns +10%, −10%, +10%: mean 1/30, sample sd √(0.04/3 · … ) computed by hand below.
    const returns = [0.1, -0.1, 0.1];
    const mean = 0.1 / 3;
    const sd = Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / 2);
    expect(metrics.sharpe).toBeCloseTo((mean / sd) * Math.sqrt(365), 9);
    expect(metrics.sortino).toBeCloseTo((mean / Math.sqrt(0.01 / 3)) * Math.sqrt(365), 9);
    expect(metrics.cagr).toBeNull();
    expect(metrics.calmar).toBeNull();
  });

  it('annualises over a year or more, and gives Calmar from CAGR and drawdown', () => {
    const metrics = computeMetrics([
      { time: 0, navCents: 10_000n },
      { time: 200 * day, navCents: 8_000n },
      { time: 730 * day, navCents: 12_100n },
    ]);
    expect(metrics.cagr).toBeCloseTo(0.1, 12);
    expect(metrics.maxDrawdown).toBeCloseTo(0.2, 12);
    expect(metrics.calmar).toBeCloseTo(0.5, 12);
  });

  it('has no Sharpe without variation and no Sortino without a down day', () => {
    const flat = computeMetrics(series([100, 100, 100]));
    expect(flat.sharpe).toBeNull();
    expect(flat.sortino).toBeNull();
  });
});
