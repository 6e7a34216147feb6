import type { components } from '@ledgerline/api-client';
import { GBP_TO_USD, penceToUsdCents, poundsToPence } from '@ledgerline/rules/gbp';
import { centsToUsdText, usdNumberToCents } from '@ledgerline/rules/usd';
import { formatUsd } from '@ledgerline/ui';
import type { Plan } from '../../../content/types';

type FundSummary = components['schemas']['FundSummary'];

// The plans are published in pounds; balances and funds are in US dollars. Every comparison between
// them is in integer cents, the pounds converted at GBP_TO_USD (@ledgerline/rules/gbp) and rounded to
// the cent a person sees, so what is shown and what is decided never differ by a fraction.

function penceOf(pounds: number): number {
  const pence = poundsToPence(pounds);
  if (pence === null) throw new RangeError(`A plan amount is not pounds and pence: ${pounds}`);
  return pence;
}

/**
 * The least a plan takes, in US cents: its lower bound, or a penny above it for Diamond ("above
 * £5,000,000"), converted and rounded up, so a balance that reaches the dollars reaches the pounds.
 */
export function planMinimumCents(plan: Plan): number {
  const pence = penceOf(plan.amount.from) + (plan.amount.kind === 'above' ? 1 : 0);
  return penceToUsdCents(pence, 'up');
}

/** "£1 = $1.27": the rate the plans are shown at, with every decimal it has (at least two). */
export const rateText = `£1 = $${new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
}).format(GBP_TO_USD as Intl.StringNumericLiteral)}`;

const usdOfCents = (cents: number) => formatUsd(centsToUsdText(cents));

/**
 * The plan's range in US dollars: "≈ $127.00 to $2,539.98" (the upper bound rounded down, never
 * claiming more than the pounds cover), or "≈ above $6,350,000.00".
 */
export function planUsdRange(plan: Plan): string {
  const { amount } = plan;
  if (amount.kind === 'above') return `≈ above ${usdOfCents(penceToUsdCents(penceOf(amount.from), 'down'))}`;
  const from = usdOfCents(planMinimumCents(plan));
  const to = usdOfCents(penceToUsdCents(penceOf(amount.to), 'down'));
  return `≈ ${from} to ${to}`;
}

/** The range in US dollars and the rate it is at: "≈ $127.00 to $2,539.98 at £1 = $1.27". */
export function planUsdText(plan: Plan): string {
  return `${planUsdRange(plan)} at ${rateText}`;
}

/**
 * The investor's plan: the highest plan whose minimum their available balance reaches, or null when
 * it reaches none (or is not known).
 */
export function currentPlan(plans: readonly Plan[], balanceCents: number | null): Plan | null {
  if (balanceCents === null) return null;
  return plans.filter((plan) => balanceCents >= planMinimumCents(plan)).at(-1) ?? null;
}

/**
 * The funds a plan may invest in: those whose minimum investment its minimum deposit covers. A fund
 * whose minimum cannot be read as cents is left out rather than offered on a guess.
 */
export function fundsOpenTo(plan: Plan, funds: readonly FundSummary[]): FundSummary[] {
  const minimum = planMinimumCents(plan);
  return funds.filter((fund) => {
    const fundMinimum = usdNumberToCents(fund.minimumInvestment);
    return fundMinimum !== null && fundMinimum <= minimum;
  });
}
