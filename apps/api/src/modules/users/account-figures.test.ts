import { describe, expect, it } from 'vitest';
import { tierFor } from './account-figures';

describe('account tiers', () => {
  it('puts each plan boundary in the plan it starts (lower bound inclusive)', () => {
    expect(
      [
        0, 9_999, 10_000, 199_999, 200_000, 1_999_999, 2_000_000, 4_999_999, 5_000_000, 9_999_999, 10_000_000,
        49_999_999, 50_000_000, 99_999_999, 100_000_000, 500_000_000, 500_000_001,
      ].map(tierFor),
    ).toEqual([
      'None',
      'None',
      'Student',
      'Student',
      'Basic',
      'Basic',
      'Standard',
      'Standard',
      'Bronze',
      'Bronze',
      'Silver',
      'Silver',
      'Gold',
      'Gold',
      'Platinum',
      'Platinum',
      'Diamond',
    ]);
  });
});
