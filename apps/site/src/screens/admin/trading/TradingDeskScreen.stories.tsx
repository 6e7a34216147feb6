import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { TradingDeskScreen } from './TradingDeskScreen';

/** The pauses a story sent, as the server heard them. */
const pauses: SentRequest<Schemas['TradingPauseRequest']>[] = [];

const pausedTrading: Schemas['AdminTrading'] = {
  ...fixtures.adminTrading,
  trading: {
    paused: true,
    reason: 'The exchange reports an incident',
    changedAt: '2026-11-27T09:30:00.000Z',
    changedBy: 'ada admin',
  },
};

/**
 * /admin/trading: the trading desk. Alerts first, the global switch, every fund's figures, and the
 * latest risk events of all funds.
 */
const meta = {
  title: 'Screens/Admin/Trading desk',
  component: TradingDeskScreen,
  // Ages are counted from a fixed moment, so the pictures are the same every day.
  args: { now: Date.parse('2026-11-27T09:12:00.000Z') },
  decorators: [withRouter('/admin/trading')],
  parameters: { screenshot: { width: 1280, height: 1100 } },
} satisfies Meta<typeof TradingDeskScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the switch's confirmation. */
async function openSwitch(canvas: ReturnType<typeof within>, name: string, title: string) {
  await userEvent.click(await canvas.findByRole('button', { name }));
  const shown = await screen.findByRole('alertdialog', { name: title });
  // The dialog fades in: what it shows is visible once it has.
  await waitFor(() => expect(shown).toBeVisible());
  return within(shown);
}

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetTrading.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the trading desk' })).toBeVisible();
  },
};

/** Three funds: one trading, one paused by an admin, one whose prices are stale (an alert). */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const alerts = await canvas.findByRole('region', { name: '1 trading alert' });
    await expect(alerts).toHaveTextContent('Recurring buy BTC/ETH 60/40Stale prices:');
    await expect(canvas.getByRole('heading', { name: 'Trading is on' })).toBeVisible();
    const funds = canvas.getByRole('table', { name: 'Every fund’s figures' });
    const trend = within(funds).getByRole('row', { name: /^Trend follower BTC/ });
    await expect(trend).toHaveTextContent('$10,421.00');
    await expect(trend).toHaveTextContent('1.24% of 30%');
    await expect(trend).toHaveTextContent('+0.31%');
    await expect(trend).toHaveTextContent('12 min ago');
    const index = within(funds).getByRole('row', { name: /^Crypto index/ });
    await expect(index).toHaveTextContent('PausedPaused by an admin: Exchange maintenance announced');
    await expect(within(funds).getByRole('link', { name: 'Open Trend follower BTC' })).toHaveAttribute(
      'href',
      `/admin/trading/${fixtures.trendFund._id}`,
    );
    const events = canvas.getByRole('table', { name: 'Risk events of all funds' });
    await expect(within(events).getAllByRole('row')).toHaveLength(3);
    await expect(events).toHaveTextContent('Stale prices');
  },
};

/** A new platform: no fund, no event. */
export const NoFunds: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetTrading({ body: { ...fixtures.adminTrading, funds: [], riskEvents: [] } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No fund yet' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'No risk events' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: /trading alert/ })).toBeNull();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetTrading.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The trading desk could not be loaded' }),
    ).toBeVisible();
  },
};

/** All trading paused: why, by whom and when, and the control that resumes it. */
export const AllPaused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetTrading({ body: pausedTrading }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'All trading is paused' })).toBeVisible();
    await expect(
      canvas.getByText(/^The exchange reports an incident\. Paused by ada admin on /),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Resume trading' })).toBeVisible();
  },
};

/**
 * Pausing all trading asks for a reason and, with two-factor on, a fresh code: neither missing is
 * sent; both given, the desk shows the switch as the server answers it.
 */
export const PauseAllWithCode: Story = {
  beforeEach({ msw }) {
    pauses.length = 0;
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      // Paused once the server has heard the pause.
      mocks.adminGetTrading({ body: () => (pauses.length > 0 ? pausedTrading : fixtures.adminTrading) }),
      mocks.adminPauseTrading.record(pauses),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openSwitch(canvas, 'Pause all trading', 'Pause all trading?');
    await userEvent.click(dialog.getByRole('button', { name: 'Pause all trading' }));
    await expect(await dialog.findByText('Say why trading stops')).toBeVisible();
    await expect(dialog.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    await expect(pauses).toHaveLength(0);

    await userEvent.type(
      dialog.getByRole('textbox', { name: /^Reason/ }),
      'The exchange reports an incident',
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: /^Code from your authenticator app/ }),
      '492039',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Pause all trading' }));
    await expectToast('All trading is paused: no fund places an order');
    await expect(pauses.map((request) => request.body)).toEqual([
      { reason: 'The exchange reports an incident', twoFactorCode: '492039' },
    ]);
    await expect(await canvas.findByRole('heading', { name: 'All trading is paused' })).toBeVisible();
  },
};

/** A code the server refuses is said beside the field, for the next one. */
export const PauseAllCodeRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.adminPauseTrading.error(403, 'That code is not right. Try the current one from your app.'),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openSwitch(canvas, 'Pause all trading', 'Pause all trading?');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Incident');
    await userEvent.type(
      dialog.getByRole('textbox', { name: /^Code from your authenticator app/ }),
      '000000',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Pause all trading' }));
    await expect(
      await dialog.findByText('That code is not right. Try the current one from your app.'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /^Code from your authenticator app/ })).toHaveValue('');
  },
};
