import { centsToUsdNumber, typedUsdToCents } from '@ledgerline/rules/usd';
import { Button } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { useChoiceForm } from '../../forms/choiceForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { submitHandler } from '../../forms/submitHandler';
import { useClock } from '../clock';
import { usdAmountRule } from '../usdAmount';
import {
  type BacktestPeriodId,
  backtestPeriod,
  backtestPeriods,
  isBacktestPeriodId,
  periodFitsTimeframe,
} from './backtestPeriods';
import * as styles from './backtests.css';

/** A backtest's period and starting amount, as typed. */
export const backtestFormSchema = z.object({
  period: z.string().check(z.refine(isBacktestPeriodId, 'Please choose a period')),
  amount: usdAmountRule('Please enter the amount to simulate in USD'),
});

/** What the form asks for: the period's bounds and the starting amount in US dollars. */
export type BacktestFormValues = { from: string; to: string; amount: number };

export type BacktestFormProps = {
  /** Called with the period's bounds and the amount when the form is sent and valid. */
  onRun: (values: BacktestFormValues) => void;
  /** A backtest is starting or running: the button is busy and ignores presses. */
  busy: boolean;
  /** The button's words. @default 'Run the simulation' */
  runLabel?: string;
  /** The strategy's timeframe ("1h"): periods with more candles than the server takes are not offered. @default undefined */
  timeframe?: string;
  /** The amount at first, in US dollars. @default '1000' */
  defaultAmount?: string;
};

/**
 * The period (whole UTC days up to the start of today) and the amount to simulate, and the button
 * that runs it. The period is worked out when the form is sent, from the screens' clock.
 */
export function BacktestForm({
  onRun,
  busy,
  runLabel = 'Run the simulation',
  timeframe,
  defaultAmount = '1000',
}: BacktestFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const clock = useClock();
  const options = backtestPeriods.map((period) => ({
    value: period.id,
    label: period.name,
    disabled: !periodFitsTimeframe(period.days, timeframe),
  }));
  const defaultPeriod: BacktestPeriodId = periodFitsTimeframe(90, timeframe) ? '90d' : '30d';
  const form = useChoiceForm({
    defaultValues: { period: defaultPeriod as string, amount: defaultAmount },
    validators: { onChange: backtestFormSchema, onSubmit: backtestFormSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      const cents = typedUsdToCents(value.amount);
      if (cents === null || !isBacktestPeriodId(value.period)) return;
      onRun({ ...backtestPeriod(value.period, clock()), amount: centsToUsdNumber(cents) });
    },
  });

  return (
    <form ref={formRef} noValidate className={styles.form} onSubmit={submitHandler(form)}>
      <form.AppField name="period">
        {(field) => (
          <field.Select
            className={styles.formField}
            label="Period"
            hint="Whole days, up to the start of today (UTC)."
            required
            options={options}
          />
        )}
      </form.AppField>
      <form.AppField name="amount">
        {(field) => (
          <field.MoneyField
            className={styles.formField}
            label="Amount in USD"
            hint="What the simulation starts with."
            required
          />
        )}
      </form.AppField>
      <div className={styles.formAction}>
        <Button type="submit" loading={busy}>
          {runLabel}
        </Button>
      </div>
    </form>
  );
}
