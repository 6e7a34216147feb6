import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { fundRiskWarning } from '@ledgerline/ui/funds';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { withDashboardMain } from '../shared/storyFrame';
import { FundsScreen } from './FundsScreen';
import { valuationClock } from './fundFigures';

/** What the investments carried: the body and the Idempotency-Key. */
const sent: { body: unknown; key: string | null; fundId: string | undefined }[] = [];

function recordInvestments() {
  sent.length = 0;
  return http.post('*/api/v1/funds/:fundId/investments', async ({ request, params }) => {
    sent.push({
      body: await request.json(),
      key: request.headers.get('Idempotency-Key'),
      fundId: params.fundId as string | undefined,
    });
    return HttpResponse.json(
      { msg: 'Investment received; it is priced at the next valuation', request: fixtures.pendingInvestment },
      { status: 202 },
    );
  });
}

const cards = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: 'Funds' })).getAllByRole('article');

/** Opens the trend follower's invest dialog and types an amount. */
async function investDialog(canvas: ReturnType<typeof within>, amount: string) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Invest in Trend follower BTC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invest in Trend follower BTC' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Amount in USD/ }), amount);
  return dialog;
}

/**
 * /dashboard/funds: a card per fund under the risk warning, each with its fact sheet and Invest
 * (none on a paused fund, which says why). Invest opens the dialog: the amount, what it buys at
 * today's NAV, the fees, then a confirmation repeating the amount.
 */
const meta = {
  title: 'Screens/Dashboard/Funds',
  component: FundsScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/funds')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 1000 } },
} satisfies Meta<typeof FundsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Funds' })).toBeVisible();
    await expect(canvas.getByRole('note', { name: 'Risk warning' })).toHaveTextContent(fundRiskWarning);
    await waitFor(() => expect(cards(canvas)).toHaveLength(3));
    const [index, recurring, trend] = cards(canvas) as [HTMLElement, HTMLElement, HTMLElement];
    await expect(within(index).getByRole('heading', { level: 2 })).toHaveTextContent('Crypto index');
    await expect(index).toHaveTextContent('NAV per unit$0.9912');
    await expect(recurring).toHaveTextContent('Paused');
    await expect(recurring).toHaveTextContent(/too old to trade on/);
    // A paused fund takes no investment: no Invest on its card.
    await expect(within(recurring).queryByRole('button', { name: /^Invest/ })).toBeNull();
    await expect(trend).toHaveTextContent('High risk');
    await expect(
      within(trend).getByRole('link', { name: 'Fact sheet of Trend follower BTC' }),
    ).toHaveAttribute('href', `/dashboard/funds/${fixtures.trendFund._id}`);
  },
};

export const FactSheetLink: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Fact sheet of Crypto index' }));
    await waitFor(() =>
      expect(storyLocation(canvasElement)).toBe(`/dashboard/funds/${fixtures.indexFund._id}`),
    );
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listFunds.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the funds' })).toBeVisible();
    // The warning stands while the funds load.
    await expect(canvas.getByRole('note', { name: 'Risk warning' })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listFunds({ body: { items: [] } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No funds yet' })).toBeVisible();
  },
};

export const WithError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listFunds.error(500, 'Something went wrong on our side. Please try again.'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The funds could not be loaded' })).toBeVisible();
    await expect(canvas.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The dialog: the risk warning, the amount with what it buys at today's NAV per unit, and the fees. */
export const InvestDialogOpen: Story = {
  play: async ({ canvas }) => {
    const dialog = await investDialog(canvas, '250');
    await expect(within(dialog).getByRole('note', { name: 'Risk warning' })).toHaveTextContent(
      fundRiskWarning,
    );
    await expect(within(dialog).getByRole('textbox', { name: /^Amount in USD/ })).toHaveAccessibleDescription(
      'The minimum is $50.00. Your available balance is $25,455.40.',
    );
    // 250 ÷ 1.0421 = 239.900201… units, rounded down to the millionth.
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      "At today's NAV per unit of $1.0421, $250.00 would buy about 239.900201 units.",
    );
    await expect(dialog).toHaveTextContent('a management fee of 1.5% a year');
  },
};

/** Below the fund's minimum, or above the available balance: said at the field, nothing sent. */
export const InvestAmountRefused: Story = {
  play: async ({ canvas }) => {
    const dialog = await investDialog(canvas, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review the investment' }));
    await expect(
      await within(dialog).findByText('The minimum investment in this fund is $50.00.'),
    ).toBeVisible();
    const amount = within(dialog).getByRole('textbox', { name: /^Amount in USD/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '30000');
    await expect(
      await within(dialog).findByText('The amount is more than your available balance of $25,455.40.'),
    ).toBeVisible();
    await expect(screen.getByRole('dialog', { name: 'Invest in Trend follower BTC' })).toBeVisible();
  },
};

/** The confirmation repeats the amount; confirming sends it once, with an Idempotency-Key. */
export const InvestConfirmed: Story = {
  beforeEach({ msw }) {
    msw.use(recordInvestments());
  },
  play: async ({ canvas }) => {
    const form = await investDialog(canvas, '250');
    await userEvent.click(within(form).getByRole('button', { name: 'Review the investment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    await expect(confirm).toHaveTextContent('Amount$250.00');
    await expect(confirm).toHaveTextContent('Pricedat the next valuation, within the hour');
    await expect(within(confirm).getByRole('note', { name: 'Risk warning' })).toBeVisible();
    await expect(sent).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Invest $250.00' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 });
    await expectToast(
      `Investment received; it is priced at the next valuation, about ${valuationClock(fixtures.pendingInvestment.pricedAfter)}.`,
    );
    await expect(sent).toEqual([
      {
        body: { amount: 250 },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fundId: fixtures.trendFund._id,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The server refuses (the fund paused meanwhile): its words in the confirmation, a retry one press away. */
export const InvestRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.investInFund.error(400, 'This fund is paused and takes no new investment.'));
  },
  play: async ({ canvas }) => {
    const form = await investDialog(canvas, '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Review the investment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Invest $100.00' }));
    await expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'This fund is paused and takes no new investment.',
    );
    await expect(within(confirm).getByRole('button', { name: 'Back' })).toBeEnabled();
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 1400 } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(cards(canvas)).toHaveLength(3));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
