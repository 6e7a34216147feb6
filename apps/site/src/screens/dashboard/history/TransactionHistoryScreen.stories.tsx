import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { openLiveStream, withLiveStream } from '../../../testing/liveStream';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { TransactionHistoryScreen } from './TransactionHistoryScreen';

type Canvas = ReturnType<typeof within>;

/** The table's data rows (the header row left out). */
const dataRows = (canvas: Canvas) => canvas.getAllByRole('row').slice(1);
const rowOf = (canvas: Canvas, ref: string) => canvas.getByRole('row', { name: new RegExp(ref) });
const firstPageLoaded = (canvas: Canvas) => canvas.findByRole('row', { name: /WDR-3H8N5R2T/ });

async function chooseFilter(canvas: Canvas, filter: string, option: string) {
  await userEvent.click(canvas.getByRole('combobox', { name: filter }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/**
 * Clicks "Download CSV" and answers the file saved: the Blob link is caught instead of letting the
 * browser download it.
 */
async function downloadCsv(canvas: Canvas): Promise<{ name: string; csv: string }> {
  const saved: { name: string; blob?: Blob } = { name: '' };
  const createUrl = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.blob = blob as Blob;
    return 'blob:transactions';
  });
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.name = this.download;
  });
  try {
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.name).not.toBe(''));
    return { name: saved.name, csv: (await saved.blob?.text()) ?? '' };
  } finally {
    createUrl.mockRestore();
    click.mockRestore();
  }
}

/** Jane's fund rows (a redemption waiting, an investment waiting, one priced) above her latest others. */
const historyWithFunds = {
  items: [...fixtures.fundTransactions, ...fixtures.transactions.slice(0, 7)],
  nextCursor: null,
};
const withFundRows: Story['beforeEach'] = ({ msw }) => {
  msw.use(mocks.listTransactions({ body: historyWithFunds }));
};

/** A detail of the open dialog: the value of the term named. */
function detailOf(dialog: Canvas, term: string): HTMLElement {
  const value = dialog.getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${term}`);
  return value;
}

/**
 * /dashboard/transaction-history. Every kind of row with its sign and state (a fund row with its
 * fund, units and price), filters by kind, status and coin, "Load more" by cursor, a CSV export, and a dialog with a row's details.
 */
const meta = {
  title: 'Screens/Dashboard/TransactionHistory',
  component: TransactionHistoryScreen,
  decorators: [withRouter('/dashboard/transaction-history')],
  parameters: { screenshot: { width: 1280, height: 1200 } },
} satisfies Meta<typeof TransactionHistoryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the first page. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listTransactions.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your transactions' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/**
 * The first page: deposits and credits with "+", withdrawals and debits with "-" (the row's
 * `direction`), each with its state.
 */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    await expect(dataRows(canvas)).toHaveLength(10);
    const expectations: [string, string, string, string][] = [
      ['WDR-3H8N5R2T', 'Withdrawal', '- 300.00 USD', 'Pending'],
      ['DEP-8R3T6Y1U', 'Deposit', '+ 500.00 USD', 'Pending'],
      ['PRF-9W4E6R1Y', 'Profit', '+ 412.60 USD', 'Approved'],
      ['BON-5J2K8L4M', 'Bonus', '+ 50.00 USD', 'Approved'],
      ['DEP-2B5N8M1C', 'Deposit', '+ 99.00 USD', 'Rejected'],
      ['ADJ-7C4V1B9N', 'Adjustment', '- 35.50 USD', 'Approved'],
      ['ADJ-3N8M2Q5W', 'Adjustment', '+ 35.50 USD', 'Approved'],
    ];
    for (const [ref, kind, amount, status] of expectations) {
      const row = within(rowOf(canvas, ref));
      await expect(row.getByRole('rowheader')).toHaveTextContent(kind);
      await expect(row.getByText(amount)).toBeVisible();
      await expect(row.getByText(status)).toBeVisible();
    }
    await expect(within(rowOf(canvas, 'DEP-8R3T6Y1U')).getByText('USDT')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeVisible();
  },
};

/** Every part of a row (amount, state, Details) lies inside the phone's width. */
async function expectRowsWithinWidth(canvas: Canvas, width: number) {
  for (const row of dataRows(canvas)) {
    for (const cell of [...row.children]) {
      const box = cell.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(width);
    }
  }
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
}

/**
 * On a phone each transaction is a stacked row: what it is, then its signed amount, its state and
 * its Details button, all in view. Still a table for screen readers, with its column headers.
 */
export const LoadedOnAPhone: Story = {
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    const row = within(rowOf(canvas, 'WDR-3H8N5R2T'));
    await expect(row.getByText('- 300.00 USD')).toBeVisible();
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Details of WDR-3H8N5R2T' })).toBeVisible();
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(4);
    await expectRowsWithinWidth(canvas, 375);
    // Nothing to scroll sideways: no scrolling region, no extra Tab stop.
    await expect(canvas.queryByRole('region', { name: 'Your transactions' })).toBeNull();
  },
};

/** The narrowest phone, 320 px: rows stack the same way and nothing is cut off. */
export const LoadedOnASmallPhone: Story = {
  parameters: { screenshot: { width: 320, height: 900 } },
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    await expectRowsWithinWidth(canvas, 320);
  },
};

/** No transactions yet: "You currently do not have any transaction history". */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listTransactions({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'You currently do not have any transaction history' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** The history failed to load: logged, no error message, and the empty message shows. */
export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listTransactions.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'You currently do not have any transaction history' }),
    ).toBeVisible();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

/** A rejected deposit in full: reference, dates, the wallet paid to and the reviewer's reason. */
export const DetailDialog: Story = {
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    const open = canvas.getByRole('button', { name: 'Details of DEP-2B5N8M1C' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Deposit details' });
    // It pops in: wait until it is fully shown.
    await waitFor(() => expect(dialog).toBeVisible());
    const inDialog = within(dialog);
    await expect(inDialog.getByText('DEP-2B5N8M1C')).toBeVisible();
    await expect(inDialog.getByText('+ 99.00 USD')).toBeVisible();
    await expect(inDialog.getByText('Rejected')).toBeVisible();
    await expect(inDialog.getByText('Ethereum')).toBeVisible();
    await expect(inDialog.getByText('Why it was rejected')).toBeVisible();
    await expect(inDialog.getByText(fixtures.rejectedDeposit.reason ?? '')).toBeVisible();
    await expect(inDialog.getByText(fixtures.ethereumWallet.address)).toBeInTheDocument();
    await expect(inDialog.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(inDialog.getByText('Resolved')).toBeVisible();
  },
};

/** "Load more" fetches the next page by cursor; focus moves to the first new row. */
export const LoadMore: Story = {
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await canvas.findByRole('row', { name: /DEP-3Q8W5E1R/ });
    await expect(dataRows(canvas)).toHaveLength(fixtures.transactions.length);
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Details of WDR-6P3V9N2L' })).toHaveFocus(),
    );
    await expect(within(rowOf(canvas, 'BON-2W7E4R9T')).getByText('+ 75.00 USD')).toBeVisible();
  },
};

/** Filtered to rejected withdrawals; the CSV download takes the same filters. */
export const Filtered: Story = {
  play: async ({ canvas }) => {
    await firstPageLoaded(canvas);
    await chooseFilter(canvas, 'Kind', 'Withdrawal');
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4));
    await chooseFilter(canvas, 'Status', 'Rejected');
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1));
    await expect(rowOf(canvas, 'WDR-8S4D7F2G')).toBeVisible();

    const { name, csv } = await downloadCsv(canvas);
    await expect(name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trim().split('\r\n');
    await expect(lines[0]).toMatch(/^"_id","createdAt","resolvedAt","trxType","direction","amount","status"/);
    await expect(lines).toHaveLength(2);
    await expect(lines[1]).toContain('WDR-8S4D7F2G');
    // A coin with no rejected withdrawal: nothing matches, and the way back is offered.
    await chooseFilter(canvas, 'Coin', 'Bitcoin');
    await expect(
      await canvas.findByRole('heading', { name: 'No transactions match these filters' }),
    ).toBeVisible();
    await chooseFilter(canvas, 'Coin', 'USDT');
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1));
  },
};

/**
 * While the history is open, the back office rejects Jane's pending withdrawal: a toast gives the
 * reason (announced politely, as other news), and its row shows it rejected without a reload.
 */
export const WithdrawalRejectedLive: Story = {
  decorators: [withLiveStream('dashboard')],
  beforeEach({ msw }) {
    msw.use(mocks.streamEvents({ body: [fixtures.withdrawalRejectedEvent] }));
  },
  play: async ({ canvas, msw }) => {
    await firstPageLoaded(canvas);
    await expect(within(rowOf(canvas, 'WDR-3H8N5R2T')).getByText('Pending')).toBeVisible();
    const reason = 'Please complete identity verification first.';
    const rejected = {
      ...fixtures.pendingWithdrawal,
      status: 'rejected' as const,
      resolvedAt: '2026-11-22T09:30:00.000Z',
      reason,
    };
    const firstPage = fixtures.transactions
      .slice(0, 10)
      .map((row) => (row._id === rejected._id ? rejected : row));
    msw.use(mocks.listTransactions({ body: { items: firstPage, nextCursor: null } }));

    openLiveStream();

    await expectToast(`Your withdrawal of $300.00 was rejected: ${reason}`);
    await waitFor(() => expect(within(rowOf(canvas, 'WDR-3H8N5R2T')).getByText('Rejected')).toBeVisible());
  },
};

/** Opens the details of Jane's pending withdrawal, once the first page has loaded. */
async function openPendingWithdrawal(canvas: Canvas) {
  await firstPageLoaded(canvas);
  await userEvent.click(canvas.getByRole('button', { name: 'Details of WDR-3H8N5R2T' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdrawal details' });
  // It pops in: wait until it is fully shown.
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** Asks to cancel Jane's pending withdrawal: answers the confirmation. */
async function askToCancel(canvas: Canvas) {
  const details = await openPendingWithdrawal(canvas);
  await userEvent.click(details.getByRole('button', { name: 'Cancel withdrawal…' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
  await waitFor(() => expect(confirm).toBeVisible());
  return within(confirm);
}

/** Jane's first page with her pending withdrawal as the server shows it once she cancelled it. */
const firstPageCancelled = () =>
  fixtures.transactions
    .slice(0, 10)
    .map((row) =>
      row._id === fixtures.pendingWithdrawal._id ? fixtures.withdrawalCancelled.transaction : row,
    );

/** A pending withdrawal's details offer to cancel it; a settled row's never do. */
export const PendingWithdrawalDetails: Story = {
  play: async ({ canvas }) => {
    const details = await openPendingWithdrawal(canvas);
    await expect(details.getByText('Pending')).toBeVisible();
    await expect(details.getByText('Not yet: awaiting approval')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel withdrawal…' })).toBeVisible();
  },
};

/**
 * Before it is cancelled, an alert dialog repeats what is called off (amount, network, address), with
 * focus on "Keep withdrawal"; backing out sends nothing.
 */
export const CancelWithdrawalConfirm: Story = {
  play: async ({ canvas, msw }) => {
    const sent: SentRequest<unknown>[] = [];
    msw.use(mocks.cancelWithdrawal.record(sent));
    const confirm = await askToCancel(canvas);
    await expect(confirm.getByText('- 300.00 USD')).toBeVisible();
    await expect(confirm.getByText('Ethereum (ETH)')).toBeVisible();
    await expect(confirm.getByText(fixtures.pendingWithdrawal.address ?? '')).toBeInTheDocument();
    await waitFor(() => expect(confirm.getByRole('button', { name: 'Keep withdrawal' })).toHaveFocus());
    await expect(confirm.getByRole('button', { name: 'Cancel withdrawal' })).toBeVisible();
    await expect(sent).toHaveLength(0);
  },
};

/**
 * Confirmed: the server's answer as a toast, the row shows the withdrawal cancelled, and focus is
 * back on its Details button.
 */
export const WithdrawalCancelled: Story = {
  play: async ({ canvas, msw }) => {
    const sent: SentRequest<unknown>[] = [];
    msw.use(mocks.cancelWithdrawal.record(sent));
    const confirm = await askToCancel(canvas);
    msw.use(mocks.listTransactions({ body: { items: firstPageCancelled(), nextCursor: null } }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel withdrawal' }));

    await expectToast('Withdrawal cancelled: $300.00 is back in your available balance');
    await expect(sent.map((request) => request.url.pathname)).toEqual([
      `/api/v1/withdrawals/${fixtures.pendingWithdrawal._id}/cancel`,
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(rowOf(canvas, 'WDR-3H8N5R2T')).getByText('Cancelled')).toBeVisible());
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Details of WDR-3H8N5R2T' })).toHaveFocus(),
    );
  },
};

/**
 * Resolved meanwhile (an admin approved it first): the server's words, and the history loads again
 * to show it as it now is.
 */
export const CancelRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.cancelWithdrawal.error(
        409,
        'This withdrawal was already approved on 2026-11-21 16:30 UTC: only a pending one can be cancelled.',
      ),
    );
  },
  play: async ({ canvas }) => {
    const confirm = await askToCancel(canvas);
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel withdrawal' }));
    await expectToast(
      'This withdrawal was already approved on 2026-11-21 16:30 UTC: only a pending one can be cancelled.',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/**
 * Investments and redemptions read by their fund: its name, then the units and the NAV per unit they
 * were priced at, or that the fund's next valuation prices them (with the units a redemption asked
 * back). The CSV export carries the fund, units and NAV per unit.
 */
export const FundRows: Story = {
  beforeEach: withFundRows,
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: /RED-4C3D2E1F/ });
    const expectations: [string, string, string, string, string][] = [
      [
        'RED-4C3D2E1F',
        'Redemption',
        '100.000000 units, to be priced at the fund’s next valuation',
        '+ 104.21 USD',
        'Pending',
      ],
      ['INV-8A7B6C5D', 'Investment', 'To be priced at the fund’s next valuation', '- 250.00 USD', 'Pending'],
      ['INV-2E1F0A9B', 'Investment', '250.000000 units at $1.0000', '- 250.00 USD', 'Approved'],
    ];
    for (const [ref, kind, pricing, amount, status] of expectations) {
      const row = within(rowOf(canvas, ref));
      const header = row.getByRole('rowheader');
      await expect(header).toHaveTextContent(kind);
      await expect(header).toHaveTextContent(fixtures.trendFund.name);
      await expect(row.getByText(pricing)).toBeVisible();
      await expect(row.getByText(amount)).toBeVisible();
      await expect(row.getByText(status)).toBeVisible();
    }

    const { csv } = await downloadCsv(canvas);
    const lines = csv.trim().split('\r\n');
    await expect(lines[0]).toMatch(/"fundName","units","navPerUnit"$/);
    await expect(lines.find((line) => line.includes('INV-2E1F0A9B'))).toMatch(
      /"Trend follower BTC","250\.000000","1\.00000000"$/,
    );
    await expect(lines.find((line) => line.includes('RED-4C3D2E1F'))).toMatch(
      /"Trend follower BTC","100\.000000",""$/,
    );
  },
};

/** The fund rows on a phone: the fund and its pricing line wrap inside the width. */
export const FundRowsOnAPhone: Story = {
  beforeEach: withFundRows,
  parameters: { screenshot: { width: 375, height: 900 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: /RED-4C3D2E1F/ });
    await expect(
      within(rowOf(canvas, 'RED-4C3D2E1F')).getByText(
        '100.000000 units, to be priced at the fund’s next valuation',
      ),
    ).toBeVisible();
    await expectRowsWithinWidth(canvas, 375);
  },
};

/** Opens a row's details from the history with fund rows. */
async function openDetails(canvas: Canvas, ref: string, title: string) {
  await userEvent.click(await canvas.findByRole('button', { name: `Details of ${ref}` }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // It pops in: wait until it is fully shown.
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** A priced investment in full: the fund, the units it was issued and the NAV per unit it paid. */
export const PricedInvestmentDetails: Story = {
  beforeEach: withFundRows,
  play: async ({ canvas }) => {
    const details = await openDetails(canvas, 'INV-2E1F0A9B', 'Investment details');
    await expect(details.getByText('- 250.00 USD')).toBeVisible();
    await expect(details.getByText('Approved')).toBeVisible();
    await expect(detailOf(details, 'Fund')).toHaveTextContent(fixtures.trendFund.name);
    await expect(detailOf(details, 'Units')).toHaveTextContent('250.000000');
    await expect(detailOf(details, 'NAV per unit')).toHaveTextContent('$1.0000');
    await expect(detailOf(details, 'Priced')).toHaveTextContent(/2026/);
    await expect(details.queryByText('Coin')).toBeNull();
    await expect(details.queryByRole('button', { name: 'Cancel withdrawal…' })).toBeNull();
  },
};

/**
 * A redemption of 100 units waiting for the fund's next valuation: the units asked back, no NAV per
 * unit yet, and an amount that is what the units are worth at the last one.
 */
export const PendingRedemptionDetails: Story = {
  beforeEach: withFundRows,
  play: async ({ canvas }) => {
    const details = await openDetails(canvas, 'RED-4C3D2E1F', 'Redemption details');
    await expect(details.getByText('+ 104.21 USD')).toBeVisible();
    await expect(details.getByText(/worth at the fund’s last NAV per unit/)).toBeVisible();
    await expect(details.getByText('Pending')).toBeVisible();
    await expect(detailOf(details, 'Fund')).toHaveTextContent(fixtures.trendFund.name);
    await expect(detailOf(details, 'Units')).toHaveTextContent('100.000000 asked back');
    await expect(detailOf(details, 'NAV per unit')).toHaveTextContent(
      'Not yet: set by the fund’s next valuation',
    );
    await expect(detailOf(details, 'Priced')).toHaveTextContent(
      'Not yet: waiting for the fund’s next valuation',
    );
  },
};
