import { ApiError, type components, networkFailure, unwrap } from '@ledgerline/api-client';
import { centsToUsdNumber, typedUsdToCents, usdNumberToCents } from '@ledgerline/rules/usd';
import { Button, Dialog, formatUsd, Money, Spinner, toast } from '@ledgerline/ui';
import { formatNavPerUnit, RiskWarning } from '@ledgerline/ui/funds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useAppForm } from '../../../forms/appForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { useClock } from '../../../shared/clock';
import { usdAmountRule } from '../../../shared/usdAmount';
import { useIdempotencyKey } from '../../../shared/useIdempotencyKey';
import type { AvailableBalance } from '../withdrawal/useAvailableBalance';
import { AppropriatenessStep, mayRetake } from './AppropriatenessStep';
import { FundFees } from './FundFees';
import * as styles from './FundOrderDialog.css';
import { nextValuationWords, unitsForCents, unitsText, valuationClock } from './fundFigures';
import { appropriatenessQuery } from './fundQueries';

type FundSummary = components['schemas']['FundSummary'];

/**
 * The amount to invest: required, whole cents, at least the fund's minimum and at most the available
 * balance when it is known (the server checks both again).
 */
export function investSchema(fund: FundSummary, balance: AvailableBalance) {
  return z.object({ amount: usdAmountRule('Please enter the amount to invest') }).check(
    z.superRefine(({ amount }, context) => {
      const cents = typedUsdToCents(amount);
      if (cents === null || cents === 0) return;
      const minimum = usdNumberToCents(fund.minimumInvestment);
      if (minimum !== null && cents < minimum) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `The minimum investment in this fund is ${formatUsd(fund.minimumInvestment)}.`,
        });
      }
      const available = typeof balance === 'number' ? usdNumberToCents(balance) : null;
      if (available !== null && cents > available) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `The amount is more than your available balance of ${formatUsd(balance as number)}.`,
        });
      }
    }),
  );
}

/** What an amount becomes at today's NAV per unit, said before anything is sent. */
function todayPreview(fund: FundSummary, amount: string): string | null {
  const cents = typedUsdToCents(amount);
  if (cents === null || cents === 0) return null;
  const units = unitsForCents(cents, fund.navPerUnit);
  if (units === null) return null;
  return `At today's NAV per unit of ${formatNavPerUnit(fund.navPerUnit)}, ${formatUsd(centsToUsdNumber(cents))} would buy about ${unitsText(units)} units. Your units are priced at the next valuation, so the NAV per unit you get may be higher or lower.`;
}

export type InvestDialogProps = {
  /** The fund to invest in. */
  fund: FundSummary;
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called with `false` when it closes (Cancel, Escape, or after the investment). */
  onOpenChange: (open: boolean) => void;
  /** The investor's available balance, to check the amount before sending. */
  balance: AvailableBalance;
};

/**
 * Invests in a fund: before a first investment, the appropriateness check; then the risk warning, the
 * amount with what it becomes at today's NAV, when it is priced and the fees; then a confirmation
 * that repeats the amount. One Idempotency-Key per investment meant: pressing again after a lost
 * answer never invests twice.
 */
export function InvestDialog({ fund, open, onOpenChange, balance }: InvestDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  // Asked each time the dialog opens. Unread (a refusal, no answer), the amount is offered: the
  // server refuses a first investment without the check, and the confirmation says so.
  const check = useQuery({ ...appropriatenessQuery, enabled: open });
  const gate = check.data?.required ? check.data : null;
  const clock = useClock();
  const [confirming, setConfirming] = useState<{ cents: number; pricedWhen: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { keyFor, settle } = useIdempotencyKey();
  const schema = investSchema(fund, balance);
  const form = useAppForm({
    defaultValues: { amount: '' },
    validators: { onChange: schema, onSubmit: schema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      const cents = typedUsdToCents(value.amount);
      if (cents === null) return;
      setFailure(null);
      setConfirming({ cents, pricedWhen: nextValuationWords(fund.timeframe) });
    },
  });

  const close = () => {
    if (busy) return;
    setConfirming(null);
    setFailure(null);
    form.reset();
    onOpenChange(false);
  };

  const invest = async (cents: number) => {
    const amount = centsToUsdNumber(cents);
    setBusy(true);
    setFailure(null);
    try {
      const answer = await unwrap(
        api.POST('/funds/{fundId}/investments', {
          params: { path: { fundId: fund._id }, header: { 'Idempotency-Key': keyFor([fund._id, amount]) } },
          body: { amount },
        }),
      );
      settle();
      toast.success(`${answer.msg}, about ${valuationClock(answer.request.pricedAfter)}.`);
      // The money waits for the fund now: the balance, the portfolio and the fund's page all changed.
      void queryClient.invalidateQueries({ queryKey: ['get', '/portfolio'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/users/user-info'] });
      setConfirming(null);
      form.reset();
      onOpenChange(false);
    } catch (error) {
      // Said in the confirmation, where a retry (same amount, same key) is one press away.
      setFailure(
        error instanceof ApiError ? (error.status === 0 ? networkFailure : error.msg) : String(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const balanceHint = typeof balance === 'number' ? ` Your available balance is ${formatUsd(balance)}.` : '';

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Content>
        <Dialog.Title>
          {gate
            ? 'Before your first investment'
            : confirming
              ? 'Confirm your investment'
              : `Invest in ${fund.name}`}
        </Dialog.Title>
        <Dialog.Description>
          {gate
            ? mayRetake(gate, clock())
              ? 'A few questions on how these funds work and what you could lose. Your answers decide whether you can invest.'
              : "You can't invest yet."
            : confirming
              ? 'Check the amount: it leaves your available balance as soon as you confirm.'
              : `Units are issued at the NAV per unit struck at the fund's next valuation.`}
        </Dialog.Description>
        {check.isPending ? (
          <Dialog.Body className={styles.body}>
            <Spinner label="Loading" size="lg" />
          </Dialog.Body>
        ) : gate ? (
          <AppropriatenessStep check={gate} onCancel={close} />
        ) : confirming ? (
          <>
            <Dialog.Body className={styles.body}>
              <RiskWarning />
              <dl className={styles.summary}>
                <dt className={styles.term}>Amount</dt>
                <dd className={styles.definition}>
                  <Money className={styles.amount} amount={centsToUsdNumber(confirming.cents)} />
                </dd>
                <dt className={styles.term}>Fund</dt>
                <dd className={styles.definition}>{fund.name}</dd>
                <dt className={styles.term}>Priced</dt>
                <dd className={styles.definition}>{confirming.pricedWhen}</dd>
                <dt className={styles.term}>At today's NAV</dt>
                <dd className={styles.definition}>
                  about {unitsText(unitsForCents(confirming.cents, fund.navPerUnit) ?? 0n)} units
                </dd>
              </dl>
              <FundFees fees={fund.fees} />
              {failure && (
                <p role="alert" className={styles.failure}>
                  {failure}
                </p>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
                Back
              </Button>
              <Button loading={busy} onClick={() => void invest(confirming.cents)}>
                Invest {formatUsd(centsToUsdNumber(confirming.cents))}
              </Button>
            </Dialog.Footer>
          </>
        ) : (
          <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
            <Dialog.Body className={styles.body}>
              <RiskWarning />
              <form.AppField name="amount">
                {(field) => (
                  <field.MoneyField
                    label="Amount in USD"
                    required
                    hint={`The minimum is ${formatUsd(fund.minimumInvestment)}.${balanceHint}`}
                  />
                )}
              </form.AppField>
              <form.Subscribe selector={(state) => state.values.amount}>
                {(amount) => {
                  const preview = todayPreview(fund, amount);
                  return (
                    <output className={styles.preview} aria-live="polite">
                      {preview ??
                        `Enter an amount to see what it buys at today's NAV per unit of ${formatNavPerUnit(fund.navPerUnit)}.`}
                    </output>
                  );
                }}
              </form.Subscribe>
              <FundFees fees={fund.fees} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <form.AppForm>
                <form.SubmitButton>Review the investment</form.SubmitButton>
              </form.AppForm>
            </Dialog.Footer>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
