import { fixtures } from '@ledgerline/api-client/mocks';
import { describe, expect, it } from 'vitest';
import {
  type BacktestResultData,
  comparedFigures,
  fractionText,
  ratioText,
  resultFigures,
  valueSummary,
} from './backtestFigures';

const done = fixtures.doneBacktest.result as BacktestResultData;
const yearLong: BacktestResultData = {
  ...done,
  metrics: { ...done.metrics, cagr: 0.1234, sharpe: null, totalReturn: -0.05, maxDrawdown: 0.2 },
};

describe('the figures as read', () => {
  it('writes fractions as signed percents with a true minus sign', () => {
    expect(fractionText(0.008425)).toBe('+0.84%');
    expect(fractionText(-0.1)).toBe('−10.00%');
    expect(fractionText(0)).toBe('0.00%');
  });

  it('says when a ratio could not be computed', () => {
    expect(ratioText(4.1)).toBe('4.10');
    expect(ratioText(null)).toBe('Not enough data');
  });
});

describe('resultFigures', () => {
  it('gives every key figure of a result, and no CAGR under a year', () => {
    expect(resultFigures(done).map(({ metric, value }) => [metric.label, value])).toEqual([
      ['Value at the end', '$10,084.25'],
      ['Total return', '+0.84%'],
      ['Buying and holding instead', '+0.91%'],
      ['Largest fall from a peak', '−0.36%'],
      ['Sharpe ratio', '4.10'],
      ['Trades', '1'],
      ['Trading fees paid', '$9.41'],
      ['Management fees', '$0.00'],
    ]);
  });

  it('gives the CAGR for a year or more, and a fall as a fall', () => {
    const figures = Object.fromEntries(
      resultFigures(yearLong).map(({ metric, value }) => [metric.id, value]),
    );
    expect(figures.cagr).toBe('+12.34%');
    expect(figures.totalReturn).toBe('−5.00%');
    expect(figures.maxDrawdown).toBe('−20.00%');
  });
});

describe('comparedFigures', () => {
  it('keeps a line either result has, saying where one lacks it', () => {
    const cagr = comparedFigures(done, yearLong).find((row) => row.metric.id === 'cagr');
    expect(cagr).toMatchObject({ left: 'Not computed', right: '+12.34%' });
    expect(comparedFigures(done, done).some((row) => row.metric.id === 'cagr')).toBe(false);
  });
});

it('sums up the value chart in words', () => {
  expect(valueSummary(done)).toBe('From $10,000.00 on Jan 1, 2026 to $10,084.25 on Jan 3, 2026: +0.84%.');
  expect(valueSummary({ ...done, navSeries: [] })).toBe('The simulation has no daily values.');
});
