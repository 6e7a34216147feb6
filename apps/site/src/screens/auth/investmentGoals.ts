import type { SelectOption } from '@ledgerline/ui';

/** The sign-up form's investment goals. "other" reveals a free-text field for the person's own goal. */
export const investmentGoalOptions: readonly SelectOption[] = [
  { value: 'retirement', label: 'Retirement' },
  { value: 'long-term growth', label: 'Long-term growth' },
  { value: 'passive income', label: 'Passive income' },
  { value: 'saving for a home', label: 'Saving for a home' },
  { value: 'education', label: 'Education' },
  { value: 'other', label: 'Other' },
];

export const otherGoal = 'other';
