import { ApiError, networkFailure } from '@ledgerline/api-client';
import { fixtures } from '@ledgerline/api-client/mocks';
import { describe, expect, it } from 'vitest';
import { type Backtest, backtestStateOf, hasEnded } from './backtestState';

const queued: Backtest = fixtures.queuedBacktest;
const running: Backtest = { ...queued, status: 'running', progress: 40 };
const done: Backtest = fixtures.doneBacktest;
const failed: Backtest = { ...queued, status: 'failed', error: 'The exchange could not be reached' };
const started = { phase: 'started', backtest: queued } as const;

describe('backtestStateOf', () => {
  it('is idle, then starting, before the server has the job', () => {
    expect(backtestStateOf({ phase: 'idle' }, undefined, null)).toEqual({ status: 'idle' });
    expect(backtestStateOf({ phase: 'starting' }, undefined, null)).toEqual({ status: 'starting' });
  });

  it('says why the server refused to start it', () => {
    expect(
      backtestStateOf({ phase: 'refused', message: 'The period has no market data' }, undefined, null),
    ).toEqual({ status: 'failed', message: 'The period has no market data', backtest: null });
  });

  it('runs from the accepted job until the first read answers, then follows the reads', () => {
    expect(backtestStateOf(started, undefined, null)).toEqual({
      status: 'running',
      backtest: queued,
      queued: true,
      progress: 0,
    });
    expect(backtestStateOf(started, running, null)).toMatchObject({
      status: 'running',
      queued: false,
      progress: 40,
    });
    expect(backtestStateOf(started, done, null)).toEqual({
      status: 'done',
      backtest: done,
      result: done.result,
    });
  });

  it('fails with the job’s own error', () => {
    expect(backtestStateOf(started, failed, null)).toMatchObject({
      status: 'failed',
      message: 'The exchange could not be reached',
    });
  });

  it('fails when the job cannot be read at all, and not when one read of many is lost', () => {
    expect(backtestStateOf(started, undefined, new ApiError(404, 'Backtest not found'))).toMatchObject({
      status: 'failed',
      message: 'Backtest not found',
    });
    expect(backtestStateOf(started, undefined, new ApiError(0, 'Failed to fetch'))).toMatchObject({
      message: networkFailure,
    });
    expect(backtestStateOf(started, running, new ApiError(0, 'Failed to fetch'))).toMatchObject({
      status: 'running',
      progress: 40,
    });
  });
});

it('knows when nothing more is to be asked', () => {
  expect([queued, running, done, failed, undefined].map(hasEnded)).toEqual([false, false, true, true, false]);
});
