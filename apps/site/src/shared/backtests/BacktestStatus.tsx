import type { BacktestState } from './backtestState';
import * as styles from './backtests.css';

/**
 * The words for where a backtest stands, named when several run at once ("Proposed settings: done.");
 * empty when idle or failed (a failure is said as an alert).
 */
export function backtestStatusText(state: BacktestState, name?: string): string {
  switch (state.status) {
    case 'idle':
    case 'failed':
      return '';
    case 'starting':
      return name ? `${name}: starting…` : 'Starting the simulation…';
    case 'running':
      if (state.queued) return name ? `${name}: waiting for its turn…` : 'Waiting for its turn to start…';
      return name ? `${name}: simulating, ${state.progress}% done.` : `Simulating: ${state.progress}% done.`;
    case 'done':
      return name ? `${name}: done.` : 'Done: the simulated result follows.';
  }
}

export type BacktestStatusProps = {
  /** Where the backtest stands. */
  state: BacktestState;
  /** Whose backtest, when several run at once ("Proposed settings"); said before each status. @default undefined */
  name?: string;
};

/**
 * A backtest's progress for everyone: its status in words, in a live region a screen reader
 * announces as it changes (it is always there, so the first change is heard too), a progress bar
 * while it starts and runs, and its failure as an alert.
 */
export function BacktestStatus({ state, name }: BacktestStatusProps) {
  const text = backtestStatusText(state, name);
  const progress = state.status === 'running' ? state.progress : 0;
  const showBar = state.status === 'starting' || state.status === 'running';
  return (
    <>
      <p role="status" className={styles.status}>
        {text}
      </p>
      {showBar && (
        <div
          role="progressbar"
          aria-label={name ? `${name}: simulation progress` : 'Simulation progress'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className={styles.progressTrack}
        >
          <div className={styles.progressBar} style={{ width: `${progress}%` }} />
        </div>
      )}
      {state.status === 'failed' && (
        <p role="alert" className={styles.failure}>
          {name ? `${name}: ` : ''}
          {state.message}
        </p>
      )}
    </>
  );
}
