import { ApiError, type components, networkFailure } from '@ledgerline/api-client';

export type Backtest = components['schemas']['Backtest'];
export type BacktestRequest = components['schemas']['BacktestRequest'];
type BacktestResultData = components['schemas']['BacktestResult'];
type Schemas = components['schemas'];

/**
 * What a backtest runs: a fund as it is configured (`fundId`, optionally with other `fees`), or
 * settings not saved to any fund (`strategy`, with `risk` and `fees`, or the server's defaults: only
 * the exchange's order rules, 10 basis points of fees, 5 of slippage, no management fee).
 */
export type BacktestConfiguration =
  | { fundId: string; fees?: Schemas['FundFeesSettings']; strategy?: never; risk?: never }
  | {
      strategy: Schemas['StrategyParameters'];
      risk?: Schemas['RiskLimitsSettings'];
      fees?: Schemas['FundFeesSettings'];
      fundId?: never;
    };

/** Where a backtest a person started stands. */
export type BacktestState =
  /** Nothing started yet. */
  | { status: 'idle' }
  /** The request is on its way; the server has not answered yet. */
  | { status: 'starting' }
  /** The server has it: waiting for its turn (`queued`) or simulating, `progress` percent done. */
  | { status: 'running'; backtest: Backtest; queued: boolean; progress: number }
  /** Finished, with its result. */
  | { status: 'done'; backtest: Backtest; result: BacktestResultData }
  /**
   * Refused (the server's `msg`: a configuration or period it will not run), unreachable, or failed
   * while running (its `error`). `backtest` is the job when the server had accepted it.
   */
  | { status: 'failed'; message: string; backtest: Backtest | null };

/** How far the hook got with the current run. */
export type BacktestRun =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'started'; backtest: Backtest }
  | { phase: 'refused'; message: string };

/** A failed request in words: the server's `msg`, or that it could not be reached. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? networkFailure : error.msg;
  return error instanceof Error ? error.message : String(error);
}

/** Whether the backtest has ended, well or not: nothing more to ask. */
export function hasEnded(backtest: Backtest | undefined): boolean {
  return backtest?.status === 'done' || backtest?.status === 'failed';
}

/**
 * The state shown, from the run and the latest answers about it: the job as `POST /backtests`
 * accepted it, and as `GET /backtests/{backtestId}` last gave it (`latest`, undefined before its first
 * answer) or failed to (`readError`). A failed read after an earlier answer changes nothing: the job
 * runs on, and the next read (the poll, or a live event) tells.
 */
export function backtestStateOf(
  run: BacktestRun,
  latest: Backtest | undefined,
  readError: unknown,
): BacktestState {
  switch (run.phase) {
    case 'idle':
      return { status: 'idle' };
    case 'starting':
      return { status: 'starting' };
    case 'refused':
      return { status: 'failed', message: run.message, backtest: null };
    case 'started':
      break;
  }
  if (latest === undefined && readError) {
    return { status: 'failed', message: failureMessage(readError), backtest: run.backtest };
  }
  const backtest = latest ?? run.backtest;
  switch (backtest.status) {
    case 'queued':
    case 'running':
      return {
        status: 'running',
        backtest,
        queued: backtest.status === 'queued',
        progress: backtest.progress,
      };
    case 'done':
      return backtest.result
        ? { status: 'done', backtest, result: backtest.result }
        : { status: 'failed', message: 'The backtest finished without a result.', backtest };
    case 'failed':
      return { status: 'failed', message: backtest.error ?? 'The backtest failed.', backtest };
  }
}
