import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { fundRiskWarning } from '@ledgerline/ui/funds';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../shared/clock';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { withDashboardMain } from '../shared/storyFrame';
import { chooseAnAnswer } from './AppropriatenessStep';
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
  // The amount is offered once the dialog knows the appropriateness check is behind the investor.
  await userEvent.type(await within(dialog).findByRole('textbox', { name: /^Amount in USD/ }), amount);
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

/** What the appropriateness check was sent, answered as `answer` says. */
const answersSent: unknown[] = [];

function recordAnswers(answer: typeof fixtures.appropriatenessPassed) {
  answersSent.length = 0;
  return http.post('*/api/v1/users/appropriateness', async ({ request }) => {
    answersSent.push(await request.json());
    return HttpResponse.json(answer);
  });
}

/** Opens the trend follower's dialog as a first-time investor: the check comes first. */
async function checkDialog(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Invest in Trend follower BTC' }));
  return screen.findByRole('dialog', { name: 'Before your first investment' });
}

/** Chooses an answer to each question, by the answers' words. */
async function answer(dialog: HTMLElement, choices: Record<string, string>) {
  for (const [question, option] of Object.entries(choices)) {
    const group = within(dialog).getByRole('group', { name: question });
    await userEvent.click(within(group).getByRole('radio', { name: option }));
  }
}

const informedAnswers = {
  'If the coins a fund holds fall in price, what happens to the value of your units?':
    'It falls too, and can fall to nothing',
  'If something goes wrong, for example the platform or an exchange fails, are you protected?':
    'No: no compensation scheme covers crypto investments',
  'Could you afford to lose all the money you plan to invest?': 'Yes: losing it would not change how I live',
  'How long could you leave this money invested?': 'One to five years',
  'How often have you bought crypto or other high-risk investments before?': 'Never',
};

/**
 * A first investment: the appropriateness check before the amount, under the risk warning. Sent
 * unanswered, each question says so and focus goes to the first; answered and passed, the dialog
 * goes on to the amount.
 */
export const FirstInvestmentCheck: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getAppropriateness({ body: fixtures.appropriatenessNotTaken }),
      recordAnswers({ ...fixtures.appropriatenessPassed, takenAt: '2026-11-28T09:12:00.000Z' }),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await checkDialog(canvas);
    await expect(within(dialog).getByRole('note', { name: 'Risk warning' })).toHaveTextContent(
      fundRiskWarning,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit my answers' }));
    await waitFor(() => expect(within(dialog).getAllByText(chooseAnAnswer)).toHaveLength(5));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('radio', { name: 'It falls too, and can fall to nothing' }),
      ).toHaveFocus(),
    );
    await expect(answersSent).toHaveLength(0);
    await answer(dialog, informedAnswers);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit my answers' }));
    const invest = await screen.findByRole('dialog', { name: 'Invest in Trend follower BTC' });
    await expect(within(invest).getByRole('textbox', { name: /^Amount in USD/ })).toBeVisible();
    await expect(answersSent).toEqual([
      {
        answers: {
          value: 'falls',
          protection: 'none',
          loss: 'afford',
          horizon: 'years',
          experience: 'never',
        },
      },
    ]);
  },
};

/** A failed try: why, answer by answer, and when the check may be taken again; no amount offered. */
export const CheckFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getAppropriateness({ body: fixtures.appropriatenessNotTaken }),
      recordAnswers(fixtures.appropriatenessFailed),
    );
  },
  decorators: [
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-27T09:13:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  play: async ({ canvas }) => {
    const dialog = await checkDialog(canvas);
    await answer(dialog, {
      ...informedAnswers,
      'If something goes wrong, for example the platform or an exchange fails, are you protected?':
        'Yes: a government scheme pays back what I lose',
      'How long could you leave this money invested?': 'Less than a year',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit my answers' }));
    await expect(await within(dialog).findByText("You can't invest yet.")).toBeVisible();
    const reasons = within(dialog).getAllByRole('listitem');
    await expect(reasons.map((reason) => reason.textContent)).toEqual(fixtures.appropriatenessFailed.reasons);
    await expect(dialog).toHaveTextContent('You can take the check again after Nov 28, 2026, 9:12 AM.');
    await expect(within(dialog).queryByRole('textbox', { name: /^Amount in USD/ })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Back to the funds' })).toBeVisible();
  },
};

/** A day after a failed try: the questions again, with a word on the last try. */
export const CheckTakenAgain: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getAppropriateness({ body: fixtures.appropriatenessFailed }));
  },
  decorators: [
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-28T10:00:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  play: async ({ canvas }) => {
    const dialog = await checkDialog(canvas);
    await expect(dialog).toHaveTextContent(
      'Last time, your answers showed this investment may not be right for you.',
    );
    await expect(within(dialog).getAllByRole('group')).toHaveLength(5);
    await expect(within(dialog).getByRole('button', { name: 'Submit my answers' })).toBeEnabled();
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 1400 } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(cards(canvas)).toHaveLength(3));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
