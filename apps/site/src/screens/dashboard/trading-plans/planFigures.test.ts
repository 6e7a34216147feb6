import { fixtures } from '@ledgerline/api-client/mocks';
import { GBP_TO_USD, penceToUsdCents, poundsToPence } from '@ledgerline/rules/gbp';
import { describe, expect, it } from 'vitest';
import { plans } from '../../../content/plans';
import type { Plan } from '../../../content/types';
import { currentPlan, fundsOpenTo, planMinimumCents, planUsdText, rateText } from './planFigures';

const planNamed = (title: Plan['title']): Plan => {
  const plan = plans.find((candidate) => candidate.title === title);
  if (!plan) throw new Error(`No plan ${title}`);
  return plan;
};

describe('at the rate the plans are shown at', () => {
  it('takes each plan’s minimum in cents, rounded up', () => {
    for (const plan of plans) {
      const pence = (poundsToPence(plan.amount.from) ?? 0) + (plan.amount.kind === 'above' ? 1 : 0);
      expect(planMinimumCents(plan), plan.title).toBe(penceToUsdCents(pence, 'up', GBP_TO_USD));
    }
    // The minimums rise from plan to plan (Silver's top and Gold's bottom are the same £500,000).
    const minimums = plans.map(planMinimumCents);
    expect(minimums).toEqual([...minimums].sort((a, b) => a - b));
    expect(new Set(minimums).size).toBe(plans.length);
  });

  it('writes the range in dollars with the rate, to the cent', () => {
    expect(GBP_TO_USD).toBe('1.27');
    expect(rateText).toBe('£1 = $1.27');
    expect(planUsdText(planNamed('Student'))).toBe('≈ $127.00 to $2,539.98 at £1 = $1.27');
    expect(planUsdText(planNamed('Silver'))).toBe('≈ $127,000.00 to $635,000.00 at £1 = $1.27');
    expect(planUsdText(planNamed('Diamond'))).toBe('≈ above $6,350,000.00 at £1 = $1.27');
  });
});

describe('currentPlan', () => {
  it('is the highest plan whose minimum the balance reaches', () => {
    const cents = (plan: Plan) => planMinimumCents(plan);
    expect(currentPlan(plans, null)).toBeNull();
    expect(currentPlan(plans, 0)).toBeNull();
    expect(currentPlan(plans, cents(planNamed('Student')) - 1)).toBeNull();
    expect(currentPlan(plans, cents(planNamed('Student')))?.title).toBe('Student');
    expect(currentPlan(plans, cents(planNamed('Standard')) - 1)?.title).toBe('Basic');
    // Jane's available balance, 25,455.40, reaches Standard (£20,000 is $25,400.00).
    expect(currentPlan(plans, 2_545_540)?.title).toBe('Standard');
    expect(currentPlan(plans, 635_000_000)?.title).toBe('Platinum');
    expect(currentPlan(plans, 635_000_002)?.title).toBe('Diamond');
  });
});

describe('fundsOpenTo', () => {
  const dearFund = { ...fixtures.indexFund, _id: 'dear', minimumInvestment: 2540 };

  it('keeps the funds whose minimum the plan’s minimum covers, to the cent', () => {
    const funds = [...fixtures.allFunds, dearFund];
    expect(fundsOpenTo(planNamed('Student'), funds).map(({ _id }) => _id)).toEqual(
      fixtures.allFunds.map(({ _id }) => _id),
    );
    // Basic's minimum, £2,000, is exactly $2,540.00: it covers the fund's minimum, a cent more would not.
    expect(fundsOpenTo(planNamed('Basic'), funds)).toContain(dearFund);
    expect(fundsOpenTo(planNamed('Basic'), [{ ...dearFund, minimumInvestment: 2540.01 }])).toEqual([]);
  });
});
