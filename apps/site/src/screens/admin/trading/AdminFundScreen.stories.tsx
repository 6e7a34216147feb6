import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../shared/clock';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { AdminFundScreen } from './AdminFundScreen';

/** The changes a story sent, as the server heard them. */
const updates: SentRequest<Schemas['AdminFundUpdate']>[] = [];

const trendId = fixtures.trendFund._id;

/** The trend follower with its breaker tripped and books that differ from its ledger. */
const troubled: Schemas['AdminFundDetail'] = {
  ...fixtures.trendAdminFund,
  fund: {
    ...fixtures.trendDeskFund,
    fund: {
      ...fixtures.trendFund,
      status: 'paused',
      statusReason:
        'The drawdown reached 31.20%, beyond the 30% allowed: trading stops until an admin resumes it.',
    },
    drawdown: 0.312,
    alerts: [
      {
        kind: 'breaker',
        message:
          'The drawdown reached 31.20%, beyond the 30% allowed: trading stops until an admin resumes it.',
      },
      {
        kind: 'reconciliation',
        message: 'Books and ledger differ: cash: 12.01 in the books, 12.00 in the ledger',
      },
    ],
  },
  reconciliation: {
    checkedAt: '2026-11-27T09:05:00.000Z',
    differences: ['cash: 12.01 in the books, 12.00 in the ledger'],
  },
  reconciliations: [
    { checkedAt: '2026-11-27T09:00:01.000Z', differences: ['cash: 12.01 in the books, 12.00 in the ledger'] },
    { checkedAt: '2026-11-27T08:00:01.000Z', differences: [] },
  ],
};

/**
 * /admin/trading/$fundId: one fund on the trading desk. Its figures, exposure, settings, fills, risk
 * events and reconciliation; pause, resume and change it.
 */
const meta = {
  title: 'Screens/Admin/Trading fund',
  component: AdminFundScreen,
  args: { fundId: trendId, now: Date.parse('2026-11-27T09:12:00.000Z') },
  decorators: [
    withRouter(`/admin/trading/${trendId}`),
    // A fixed today: the backtests' periods end at its start, so the pictures are the same every day.
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-27T09:12:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  parameters: { screenshot: { width: 1280, height: 1800 } },
} satisfies Meta<typeof AdminFundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens a dialog by its button and waits until it has faded in. */
async function openDialog(
  canvas: ReturnType<typeof within>,
  button: string,
  role: 'dialog' | 'alertdialog',
  name: string,
) {
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const shown = await screen.findByRole(role, { name });
  await waitFor(() => expect(shown).toBeVisible());
  return within(shown);
}

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetFund.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the fund' })).toBeVisible();
  },
};

/** A fund trading well: no alert, books and ledger agree, one fill and one risk event. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Trend follower BTC' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: /trading alert/ })).toBeNull();
    await expect(canvas.getByText('1.24% of 30%')).toBeVisible();
    const settings = canvas.getByRole('table', { name: 'Settings as the fund trades now' });
    await expect(within(settings).getByRole('row', { name: /^Stop-loss/ })).toHaveTextContent('5 %');
    await expect(within(settings).getByRole('row', { name: /^Drawdown circuit breaker/ })).toHaveTextContent(
      '30 %',
    );
    const fills = await canvas.findByRole('table', { name: 'Fills, newest first' });
    await expect(within(fills).getByRole('row', { name: /Buy/ })).toHaveTextContent('$5,189.40');
    await expect(canvas.getByRole('table', { name: 'This fund’s risk events' })).toHaveTextContent(
      'Largest share of one asset',
    );
    await expect(canvas.getByText(/^Books and ledger agree/)).toBeVisible();
    const checks = canvas.getByRole('table', { name: 'Checks after each trading round, newest first' });
    await expect(within(checks).getAllByRole('row')).toHaveLength(3);
  },
};

/** Its breaker tripped and its books differ from the ledger: both said at the top, and the difference below. */
export const BreakerAndDifference: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetFund({ body: troubled }));
  },
  play: async ({ canvas }) => {
    const alerts = await canvas.findByRole('region', { name: '2 trading alerts' });
    await expect(alerts).toHaveTextContent('Circuit breaker:');
    await expect(alerts).toHaveTextContent('Reconciliation:');
    await expect(canvas.getByText('31.20% of 30%')).toBeVisible();
    const reconciliation = canvas.getByRole('region', { name: 'Reconciliation' });
    await expect(reconciliation).toHaveTextContent('cash: 12.01 in the books, 12.00 in the ledger');
    await expect(canvas.getByRole('button', { name: 'Resume fund' })).toBeVisible();
  },
};

export const NotFound: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetFund.error(404, 'Not found'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No such fund' })).toBeVisible();
  },
};

/** Pausing asks why; the reason goes to the server with the pause. */
export const PauseFund: Story = {
  beforeEach({ msw }) {
    updates.length = 0;
    msw.use(mocks.adminUpdateFund.record(updates));
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Pause fund', 'alertdialog', 'Pause Trend follower BTC?');
    await userEvent.click(dialog.getByRole('button', { name: 'Pause fund' }));
    await expect(await dialog.findByText('Say why the fund stops trading')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Exchange maintenance announced');
    await userEvent.click(dialog.getByRole('button', { name: 'Pause fund' }));
    await expectToast('Trend follower BTC is paused');
    await expect(updates.map((request) => request.body)).toEqual([
      { paused: true, reason: 'Exchange maintenance announced' },
    ]);
  },
};

/** A change is reviewed, change by change, before it is saved; only the changed groups are sent. */
export const ChangeSettings: Story = {
  beforeEach({ msw }) {
    updates.length = 0;
    msw.use(mocks.adminUpdateFund.record(updates));
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Change settings', 'dialog', 'Change Trend follower BTC');
    const stopLoss = dialog.getByRole('textbox', { name: /^Stop-loss/ });
    await userEvent.clear(stopLoss);
    await userEvent.type(stopLoss, '6');
    const breaker = dialog.getByRole('textbox', { name: /^Drawdown circuit breaker/ });
    await userEvent.clear(breaker);
    await userEvent.type(breaker, '25');
    await userEvent.click(dialog.getByRole('button', { name: 'Review changes' }));

    const review = within(
      await screen.findByRole('dialog', { name: 'Save these changes to Trend follower BTC?' }),
    );
    const changes = review.getByRole('list', { name: 'Changes' });
    await expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stop-loss: 5 % → 6 %', 'Drawdown circuit breaker: 30 % → 25 %']);
    await userEvent.click(review.getByRole('button', { name: 'Save changes' }));
    await expectToast('Trend follower BTC: settings saved');
    const [sent] = updates.map((request) => request.body);
    await expect(sent?.strategy).toMatchObject({ kind: 'trend', stopLossPct: 6, fastPeriod: 9 });
    await expect(sent?.risk).toMatchObject({ maxDrawdownPct: 25, maxAssetSharePct: 100 });
    await expect(sent?.fees).toBeUndefined();
  },
};

/** A value that is not a number stays in the form, said beside the field; nothing is sent. */
export const SettingsInvalid: Story = {
  beforeEach({ msw }) {
    updates.length = 0;
    msw.use(mocks.adminUpdateFund.record(updates));
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Change settings', 'dialog', 'Change Trend follower BTC');
    const fast = dialog.getByRole('textbox', { name: /^Fast EMA/ });
    await userEvent.clear(fast);
    await userEvent.type(fast, '9.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Review changes' }));
    await expect(await dialog.findByText('Fast EMA must be a whole number')).toBeVisible();
    await expect(updates).toHaveLength(0);
  },
};

/** Settings the server refuses: its reason in the dialog, which stays open with the changes. */
export const SettingsRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminUpdateFund.error(
        400,
        'strategy.slowPeriod: the slow period must be longer than the fast one',
      ),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Change settings', 'dialog', 'Change Trend follower BTC');
    const slow = dialog.getByRole('textbox', { name: /^Slow EMA/ });
    await userEvent.clear(slow);
    await userEvent.type(slow, '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Review changes' }));
    const review = within(
      await screen.findByRole('dialog', { name: 'Save these changes to Trend follower BTC?' }),
    );
    await userEvent.click(review.getByRole('button', { name: 'Save changes' }));
    await expect(
      await review.findByText(
        'Not saved: strategy.slowPeriod: the slow period must be longer than the fast one',
      ),
    ).toBeVisible();
  },
};

/** Before saving, the fund as it is and as changed are backtested side by side. */
export const ChangeBacktested: Story = {
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Change settings', 'dialog', 'Change Trend follower BTC');
    const stopLoss = dialog.getByRole('textbox', { name: /^Stop-loss/ });
    await userEvent.clear(stopLoss);
    await userEvent.type(stopLoss, '6');
    await userEvent.click(dialog.getByRole('button', { name: 'Review changes' }));
    const review = within(
      await screen.findByRole('dialog', { name: 'Save these changes to Trend follower BTC?' }),
    );
    await userEvent.click(review.getByRole('button', { name: 'Backtest both' }));
    const table = await review.findByRole('table', {
      name: 'Simulated past performance: Current settings and Proposed settings',
    });
    await expect(within(table).getByRole('row', { name: /^Total return/ })).toBeVisible();
    await expect(
      review.getByText(/Past performance is not a reliable indicator of future results\./),
    ).toBeVisible();
  },
};
