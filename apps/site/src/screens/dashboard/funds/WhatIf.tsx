import type { components } from '@ledgerline/api-client';
import { BacktestForm } from '../../../shared/backtests/BacktestForm';
import { BacktestResult } from '../../../shared/backtests/BacktestResult';
import { BacktestStatus } from '../../../shared/backtests/BacktestStatus';
import { useBacktest } from '../../../shared/backtests/useBacktest';
import * as styles from './FundScreen.css';

type FundSummary = components['schemas']['FundSummary'];

/**
 * "What if": what an amount would have become over a past period under the fund's own strategy,
 * risk rules and fees (a backtest of the fund). The period and amount, Run, the progress while it
 * runs, then the result, every figure of it headed "Simulated past performance".
 */
export function WhatIf({ fund }: { fund: FundSummary }) {
  const { state, start } = useBacktest();
  const busy = state.status === 'starting' || state.status === 'running';
  return (
    <section className={styles.section} aria-labelledby="fund-what-if">
      <h2 id="fund-what-if" className={styles.sectionTitle}>
        What if
      </h2>
      <p className={styles.text}>
        See what an amount would have become had it followed this fund's strategy, risk rules and fees over a
        past period, on the exchange's past prices. It is a simulation, not a forecast.
      </p>
      <BacktestForm
        busy={busy}
        timeframe={fund.timeframe}
        onRun={(values) => void start({ fundId: fund._id, ...values })}
      />
      <BacktestStatus state={state} />
      {state.status === 'done' && (
        <BacktestResult
          result={state.result}
          from={state.backtest.from}
          to={state.backtest.to}
          amount={state.backtest.amount}
        />
      )}
    </section>
  );
}
