import type { Plan, PlanAmount, PlanName, PlanSubtitle, SectionHeading } from './types';

/** The dashboard's trading plans heading. */
export const plansHeading: SectionHeading = {
  title: 'Trading Plans',
  brief:
    'Each plan covers a range of capital and a level of support. Your account tier is the plan whose range holds your approved deposits.',
};

const supportWithin48Hours = 'Support response within 48 hours';
const supportWithin24Hours = 'Support response within 24 hours';

/** What every plan has; plans differ in range and support, which is its own field. */
const everyPlan = [
  'Automated trading with configurable strategies and risk rules',
  'Deposits in Bitcoin, Ethereum or USDT',
  'Every deposit, withdrawal and profit in your history',
  'Withdrawals reviewed by our team before they are sent',
];

const eliteFeatures = [...everyPlan, 'Live chat and phone support', 'Consultations with our team'];

function plan(
  title: PlanName,
  subtitle: PlanSubtitle,
  amount: PlanAmount,
  range: string,
  support: string,
  features: string[],
): Plan {
  return {
    title,
    subtitle,
    amount,
    range,
    support,
    features: [...features],
    buttonLabel: 'Invest Now',
    href: '/dashboard/deposit',
  };
}

/**
 * The eight plans, amounts in pounds exactly as published (Silver ends and Gold starts at 500,000; the
 * overlap is kept as written). Subtitles go two plans each, in order.
 *
 * @operatorClaim support-availability
 * Verify: the support response times, live chat, phone support and consultations each plan promises
 * are staffed.
 * @operatorClaim how-it-works
 * Verify: automated trading with configurable strategies and risk rules exists for customers on
 * every plan.
 */
export const plans: Plan[] = [
  plan(
    'Student',
    'Essential',
    { kind: 'range', from: 100, to: 1_999.99 },
    '£100 to £1,999.99',
    supportWithin48Hours,
    everyPlan,
  ),
  plan(
    'Basic',
    'Essential',
    { kind: 'range', from: 2_000, to: 19_999.99 },
    '£2,000 to £19,999.99',
    supportWithin48Hours,
    everyPlan,
  ),
  plan(
    'Standard',
    'Advanced',
    { kind: 'range', from: 20_000, to: 49_999.99 },
    '£20,000 to £49,999.99',
    supportWithin24Hours,
    everyPlan,
  ),
  plan(
    'Bronze',
    'Advanced',
    { kind: 'range', from: 50_000, to: 99_999.99 },
    '£50,000 to £99,999.99',
    supportWithin24Hours,
    everyPlan,
  ),
  plan(
    'Silver',
    'Professional',
    { kind: 'range', from: 100_000, to: 500_000 },
    '£100,000 to £500,000',
    supportWithin24Hours,
    everyPlan,
  ),
  plan(
    'Gold',
    'Professional',
    { kind: 'range', from: 500_000, to: 999_999.99 },
    '£500,000 to £999,999.99',
    supportWithin24Hours,
    everyPlan,
  ),
  plan(
    'Platinum',
    'Elite Trading',
    { kind: 'range', from: 1_000_000, to: 5_000_000 },
    '£1,000,000 to £5,000,000',
    'Live chat, phone support and consultations',
    eliteFeatures,
  ),
  plan(
    'Diamond',
    'Elite Trading',
    { kind: 'above', from: 5_000_000 },
    'Above £5,000,000',
    'Live chat, phone support and consultations',
    eliteFeatures,
  ),
];

/** The plain risk notice shown with the plans. */
export const plansRiskNotice: SectionHeading = {
  title: 'Risk notice',
  brief:
    'A plan sets a range of capital and a level of support. It is not a promise of returns, and no plan protects you from losses. Crypto prices can fall sharply and quickly, and you can lose some or all of the money you invest. Past results do not predict future ones. Plan ranges are shown in pounds; your balances and transactions are shown in US dollars. Only invest money you can afford to lose.',
};
