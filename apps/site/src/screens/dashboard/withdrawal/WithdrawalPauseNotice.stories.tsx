import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { formatDateTime } from '../../../shared/formatDate';
import { withDashboardMain } from '../shared/storyFrame';
import { WithdrawalPauseNotice } from './WithdrawalPauseNotice';

/**
 * The top of the withdrawal form while withdrawals are paused after a password reset, a change of
 * email or two-factor turned off: until when, in the person's own time, and why.
 */
const meta = {
  title: 'Site/Dashboard/Withdrawal/Pause notice',
  component: WithdrawalPauseNotice,
  decorators: [withDashboardMain],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 220 } },
} satisfies Meta<typeof WithdrawalPauseNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityPaused }));
  },
  play: async ({ canvas }) => {
    const until = fixtures.securityPaused.withdrawalsPausedUntil ?? '';
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(`Withdrawals are paused until ${formatDateTime(until)}`);
    await expect(notice).toHaveTextContent(/your email was changed/);
    await expect(canvas.getByText(formatDateTime(until))).toHaveAttribute('datetime', until);
  },
};
