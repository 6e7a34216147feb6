import type { Step } from '@ledgerline/ui';

/** The three referral steps, in order: send invitation, registration, get referral bonus. */
export const referralSteps: readonly Step[] = [
  {
    title: 'Send invitation',
    description: 'Share your referral link with friends and family.',
  },
  {
    title: 'Registration',
    description: 'They sign up through your link, and your referral ID is filled in for them.',
  },
  {
    title: 'Get referral bonus',
    description: 'Once their first deposit is approved, a referral bonus is added to your Bonus balance.',
  },
];
