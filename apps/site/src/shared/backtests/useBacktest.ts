import { unwrap } from '@ledgerline/api-client';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api/api';
import { $api } from '../../api/queryClient';
import {
  type BacktestRequest,
  type BacktestRun,
  type BacktestState,
  backtestStateOf,
  failureMessage,
  hasEnded,
} from './backtestState';

/**
 * How often a backtest still queued or running is asked for again. Its `backtest.progress` live
 * events invalidate the same query and usually come first; the poll covers a stream that is down.
 */
export const backtestPollMs = 2_000;

/** One backtest (`GET /backtests/{backtestId}`): the key the live events invalidate, and the call. */
export const backtestQuery = (backtestId: string) =>
  $api.queryOptions('get', '/backtests/{backtestId}', { params: { path: { backtestId } } });

export type UseBacktest = {
  /** Where the backtest stands: idle, starting, running (with its progress), done or failed. */
  state: BacktestState;
  /**
   * Starts a backtest of `request` (a fund's id or a configuration, the period and the amount) and
   * follows it to its end. A run still going is no longer followed (it ends on the server unseen).
   */
  start: (request: BacktestRequest) => Promise<void>;
  /** Forgets the run: back to idle. */
  reset: () => void;
};

/**
 * Starts a backtest (`POST /backtests`, answered 202 with the queued job) and follows it to its end
 * through its query, asked again every 2 s while it is queued or running and whenever a
 * `backtest.progress` event arrives. Nothing is retried: a refusal (the server's `msg`) or a lost
 * request is the `failed` state, and `start` again is the retry.
 */
export function useBacktest(): UseBacktest {
  const [run, setRun] = useState<BacktestRun>({ phase: 'idle' });
  // Only the latest start may set the state: an earlier one answered late is ignored.
  const attempt = useRef(0);
  const started = run.phase === 'started';
  const query = useQuery({
    ...backtestQuery(started ? run.backtest._id : ''),
    enabled: started,
    refetchInterval: ({ state }) =>
      hasEnded(state.data) || (state.data === undefined && state.error) ? false : backtestPollMs,
  });

  const start = useCallback(async (request: BacktestRequest) => {
    attempt.current += 1;
    const mine = attempt.current;
    setRun({ phase: 'starting' });
    try {
      const answer = await unwrap(api.POST('/backtests', { body: request }));
      if (mine === attempt.current) setRun({ phase: 'started', backtest: answer.backtest });
    } catch (error) {
      if (mine === attempt.current) setRun({ phase: 'refused', message: failureMessage(error) });
    }
  }, []);

  const reset = useCallback(() => {
    attempt.current += 1;
    setRun({ phase: 'idle' });
  }, []);

  return { state: backtestStateOf(run, started ? query.data : undefined, query.error), start, reset };
}
