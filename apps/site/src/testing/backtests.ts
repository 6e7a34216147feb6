import type { components } from '@ledgerline/api-client';
import { fixtures } from '@ledgerline/api-client/mocks';

type Backtest = components['schemas']['Backtest'];

const dayMs = 86_400_000;

export type StoryBacktestOptions = {
  /** The job's id. @default the fixture's */
  id?: string;
  /** The fund run, or null for a configuration sent as is. @default the trend follower */
  fundId?: string | null;
  /** The first day (an ISO date-time at midnight UTC). */
  from: string;
  /** How many days it spans. */
  days: number;
  /** What it starts with, in US dollars. */
  amount: number;
  /** How far the value swings (0.06 is 6%). @default 0.06 */
  swing?: number;
  /** How much it gains a day on top of the swing (0.0005 is 0.05%). @default 0.0005 */
  drift?: number;
};

/**
 * A finished backtest for stories: one value a day over the period, a swing and a drift made from
 * the options alone (so the charts and their screenshots are the same on every run), and metrics
 * worked out from that series as the server would.
 */
export function storyBacktest({
  id = fixtures.doneBacktest._id,
  fundId = fixtures.trendFund._id,
  from,
  days,
  amount,
  swing = 0.06,
  drift = 0.0005,
}: StoryBacktestOptions): Backtest {
  const start = Date.parse(from);
  const navSeries = Array.from({ length: days + 1 }, (_, day) => ({
    time: new Date(start + day * dayMs).toISOString(),
    nav: Math.round(amount * (1 + swing * Math.sin(day / 9) + drift * day) * 100) / 100,
  }));
  let peak = 0;
  let maxDrawdown = 0;
  for (const { nav } of navSeries) {
    peak = Math.max(peak, nav);
    maxDrawdown = Math.max(maxDrawdown, (peak - nav) / peak);
  }
  const last = navSeries.at(-1)?.nav ?? amount;
  const totalReturn = last / amount - 1;
  const round = (value: number) => Math.round(value * 1_000_000) / 1_000_000;
  return {
    ...fixtures.doneBacktest,
    _id: id,
    fundId,
    from,
    to: new Date(start + days * dayMs).toISOString(),
    amount,
    result: {
      notice: 'Simulated past performance',
      navSeries,
      fills: fixtures.doneBacktest.result?.fills ?? [],
      metrics: {
        totalReturn: round(totalReturn),
        cagr: days >= 365 ? round(totalReturn) : null,
        maxDrawdown: round(maxDrawdown),
        sharpe: round(totalReturn * 20),
        sortino: round(totalReturn * 28),
        calmar: null,
        days,
        // Each trade about half the amount, at 10 basis points; 1.5% a year of management fee.
        feesPaid: Math.round(amount * 0.0005 * Math.round(days / 6) * 100) / 100,
        managementFees: Math.round(((amount * 0.015 * days) / 365) * 100) / 100,
        trades: Math.round(days / 6),
        roundTrips: Math.round(days / 12),
        winRate: 0.5,
        buyAndHoldReturn: round(totalReturn * 1.4),
      },
    },
  };
}

/** A backtest as `POST /backtests` answers it, or while it runs: no result yet. */
export function inProgress(backtest: Backtest, progress: number): Backtest {
  return {
    ...backtest,
    status: progress === 0 ? 'queued' : 'running',
    progress,
    finishedAt: null,
    result: null,
  };
}
