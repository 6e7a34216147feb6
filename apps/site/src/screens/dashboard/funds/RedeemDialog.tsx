import { ApiError, type components, networkFailure, unwrap } from '@ledgerline/api-client';
import { centsToUsdNumber, typedUsdToCents } from '@ledgerline/rules/usd';
import { Button, Dialog, formatUsd, toast } from '@ledgerline/ui';
import { formatNavPerUnit } from '@ledgerline/ui/funds';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useChoiceForm } from '../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { useIdempotencyKey } from '../../../shared/useIdempotencyKey';
import { FundFees } from './FundFees';
import * as styles from './FundOrderDialog.css';
import {
  centsForUnits,
  microUnitsOf,
  nextValuationWords,
  unitsForCents,
  unitsText,
  valuationClock,
} from './fundFigures';

type FundSummary = components['schemas']['FundSummary'];
type PortfolioHolding = components['schemas']['PortfolioHolding'];
type RedeemBy = 'amount' | 'units' | 'all';

const byOptions: { value: RedeemBy; label: string }[] = [
  { value: 'amount', label: 'An amount in US dollars' },
  { value: 'units', label: 'A number of units' },
  { value: 'all', label: 'All my units' },
];

type RedeemValues = { by: RedeemBy; amount: string; units: string };

/** What is asked back, as the contract takes it, with the units and value it comes to at today's NAV. */
type Redemption = {
  body: { amount: number } | { units: string } | { all: true };
  microUnits: bigint;
  cents: number;
};

/** The request a form's values make, with its estimate at today's NAV per unit; null when incomplete. */
function redemptionOf(values: RedeemValues, fund: FundSummary, held: bigint): Redemption | null {
  if (values.by === 'all') {
    return { body: { all: true }, microUnits: held, cents: centsForUnits(held, fund.navPerUnit) ?? 0 };
  }
  if (values.by === 'units') {
    const microUnits = microUnitsOf(values.units);
    if (microUnits === null || microUnits === 0n) return null;
    const units = values.units.trim();
    return { body: { units }, microUnits, cents: centsForUnits(microUnits, fund.navPerUnit) ?? 0 };
  }
  const cents = typedUsdToCents(values.amount);
  if (cents === null || cents === 0) return null;
  return {
    body: { amount: centsToUsdNumber(cents) },
    microUnits: unitsForCents(cents, fund.navPerUnit) ?? 0n,
    cents,
  };
}

/**
 * The redemption form's rules: an amount (whole cents, above zero) or a number of units (at most six
 * decimals, above zero), never more than is held at today's NAV per unit (the server checks again).
 */
export function redeemSchema(fund: FundSummary, held: bigint) {
  return z.object({ by: z.enum(['amount', 'units', 'all']), amount: z.string(), units: z.string() }).check(
    z.superRefine((values, context) => {
      if (values.by === 'amount') {
        const cents = typedUsdToCents(values.amount);
        if (values.amount.trim() === '') {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: 'Please enter the amount to redeem',
          });
        } else if (cents === null || cents === 0) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: 'Enter the amount in US dollars with at most two decimals, for example 120.50',
          });
        } else if ((unitsForCents(cents, fund.navPerUnit) ?? 0n) > held) {
          context.addIssue({
            code: 'custom',
            path: ['amount'],
            message: `The amount is more than your units are worth (about ${formatUsd(centsToUsdNumber(centsForUnits(held, fund.navPerUnit) ?? 0))}).`,
          });
        }
      }
      if (values.by === 'units') {
        const units = microUnitsOf(values.units);
        if (values.units.trim() === '') {
          context.addIssue({ code: 'custom', path: ['units'], message: 'Please enter the number of units' });
        } else if (units === null || units === 0n) {
          context.addIssue({
            code: 'custom',
            path: ['units'],
            message: 'Enter a number of units above zero with at most six decimals, for example 100.5',
          });
        } else if (units > held) {
          context.addIssue({
            code: 'custom',
            path: ['units'],
            message: `You hold ${unitsText(held)} units.`,
          });
        }
      }
    }),
  );
}

export type RedeemDialogProps = {
  /** The fund to redeem from. */
  fund: FundSummary;
  /** The investor's holding of it. */
  holding: PortfolioHolding;
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called with `false` when it closes (Cancel, Escape, or after the redemption). */
  onOpenChange: (open: boolean) => void;
};

/**
 * Redeems units of a fund: by an amount, a number of units or all of them, with what that comes to at
 * today's NAV and when it is priced; then a confirmation that repeats it. The payout is the NAV per
 * unit struck at the next valuation, paid into the available balance.
 */
export function RedeemDialog({ fund, holding, open, onOpenChange }: RedeemDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const held = microUnitsOf(holding.units) ?? 0n;
  const [confirming, setConfirming] = useState<{ redemption: Redemption; pricedWhen: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { keyFor, settle } = useIdempotencyKey();
  const schema = redeemSchema(fund, held);
  const form = useChoiceForm({
    defaultValues: { by: 'amount', amount: '', units: '' } as RedeemValues,
    validators: { onChange: schema, onSubmit: schema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      const redemption = redemptionOf(value, fund, held);
      if (!redemption) return;
      setFailure(null);
      setConfirming({ redemption, pricedWhen: nextValuationWords(fund.timeframe) });
    },
  });

  const close = () => {
    if (busy) return;
    setConfirming(null);
    setFailure(null);
    form.reset();
    onOpenChange(false);
  };

  const redeem = async ({ body }: Redemption) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await unwrap(
        api.POST('/funds/{fundId}/redemptions', {
          params: {
            path: { fundId: fund._id },
            header: { 'Idempotency-Key': keyFor([fund._id, JSON.stringify(body)]) },
          },
          body,
        }),
      );
      settle();
      toast.success(`${answer.msg}, about ${valuationClock(answer.request.pricedAfter)}.`);
      void queryClient.invalidateQueries({ queryKey: ['get', '/portfolio'] });
      setConfirming(null);
      form.reset();
      onOpenChange(false);
    } catch (error) {
      setFailure(
        error instanceof ApiError ? (error.status === 0 ? networkFailure : error.msg) : String(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const what = (redemption: Redemption) => {
    const value = formatUsd(centsToUsdNumber(redemption.cents));
    if ('all' in redemption.body) return `All your ${unitsText(redemption.microUnits)} units, about ${value}`;
    if ('units' in redemption.body) return `${unitsText(redemption.microUnits)} units, about ${value}`;
    return `${value}, about ${unitsText(redemption.microUnits)} units`;
  };
  const confirmLabel = (redemption: Redemption) => {
    if ('all' in redemption.body) return 'Redeem all my units';
    if ('units' in redemption.body) return `Redeem ${unitsText(redemption.microUnits)} units`;
    return `Redeem ${formatUsd(redemption.body.amount)}`;
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Content>
        <Dialog.Title>{confirming ? 'Confirm your redemption' : `Redeem from ${fund.name}`}</Dialog.Title>
        <Dialog.Description>
          {confirming
            ? 'The payout is the NAV per unit struck at the next valuation, paid into your available balance.'
            : `You hold ${holding.units} units, worth ${formatUsd(holding.value)} at the last NAV per unit.`}
        </Dialog.Description>
        {confirming ? (
          <>
            <Dialog.Body className={styles.body}>
              <dl className={styles.summary}>
                <dt className={styles.term}>Redeeming</dt>
                <dd className={`${styles.definition} ${styles.amount}`}>{what(confirming.redemption)}</dd>
                <dt className={styles.term}>Fund</dt>
                <dd className={styles.definition}>{fund.name}</dd>
                <dt className={styles.term}>Priced</dt>
                <dd className={styles.definition}>{confirming.pricedWhen}</dd>
                <dt className={styles.term}>Paid to</dt>
                <dd className={styles.definition}>Your available balance</dd>
              </dl>
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
              <Button loading={busy} onClick={() => void redeem(confirming.redemption)}>
                {confirmLabel(confirming.redemption)}
              </Button>
            </Dialog.Footer>
          </>
        ) : (
          <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
            <Dialog.Body className={styles.body}>
              <form.AppField name="by">
                {(field) => <field.Select label="Redeem" required options={byOptions} />}
              </form.AppField>
              <form.Subscribe selector={(state) => state.values.by}>
                {(by) =>
                  by === 'amount' ? (
                    <form.AppField name="amount">
                      {(field) => <field.MoneyField label="Amount in USD" required />}
                    </form.AppField>
                  ) : by === 'units' ? (
                    <form.AppField name="units">
                      {(field) => (
                        <field.TextField label="Units" required inputMode="decimal" autoComplete="off" />
                      )}
                    </form.AppField>
                  ) : null
                }
              </form.Subscribe>
              <form.Subscribe selector={(state) => state.values}>
                {(values) => {
                  const redemption = redemptionOf(values, fund, held);
                  return (
                    <output className={styles.preview} aria-live="polite">
                      {redemption
                        ? `${what(redemption)} at today's NAV per unit of ${formatNavPerUnit(fund.navPerUnit)}. The payout is priced at the next valuation, so it may be higher or lower.`
                        : `Enter what to redeem to see what it comes to at today's NAV per unit of ${formatNavPerUnit(fund.navPerUnit)}.`}
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
                <form.SubmitButton>Review the redemption</form.SubmitButton>
              </form.AppForm>
            </Dialog.Footer>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
