import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { forgetMarketCoins } from '../../../api/market';
import { openLiveStream, withLiveStream } from '../../../testing/liveStream';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { withDashboardMain } from '../shared/storyFrame';
import { OverviewScreen } from './OverviewScreen';
import { marketPictureHandlers } from './overviewStorySupport';

/** Jane with her notification already seen: the overview without the modal. */
const seenInfo = { ...fixtures.userInfo, notification: { ...fixtures.notification, seen: true } };

/** The bodies of every `PATCH /users/user-info` a story sent. */
let patches: unknown[] = [];
const recordPatches = http.patch('*/api/v1/users/user-info', async ({ request }) => {
  patches.push(await request.json());
  return HttpResponse.json(fixtures.messages.notificationSeen);
});

/**
 * /dashboard/overview: the balance (tier, total, this week's earnings, goal, Deposit and Withdraw),
 * the six balance tiles, the top 3 trending coins and the first 50 coins, and the back office's
 * notification when an unseen one exists. Every figure comes from `GET /users/user-info?fields=…`.
 */
const meta = {
  title: 'Site/Dashboard/Overview',
  component: OverviewScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/overview')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 1000 } },
  beforeEach({ msw }) {
    patches = [];
    toast.remove();
    msw.use(...marketPictureHandlers, mocks.getUserInfo({ body: seenInfo }));
    // Stories share the page, and the market answer is kept for a minute: each story asks afresh.
    forgetMarketCoins();
    return () => {
      toast.remove();
    };
  },
} satisfies Meta<typeof OverviewScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getUserInfo.slow(),
      mocks.getBalanceHistory.slow(),
      mocks.listTrendingCoins.slow(),
      mocks.listMarketCoins.slow(),
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading your balance' })).toBeVisible();
    await expect(canvas.getByText('Loading Total Profit')).toBeInTheDocument();
    await expect(canvas.getByRole('status', { name: 'Loading your balance by day' })).toBeVisible();
    await expect(canvas.getByText('Loading trending coins')).toBeInTheDocument();
    await expect(canvas.getByText('Loading market prices…')).toBeVisible();
    // The way to deposit or withdraw does not wait for the figures.
    await expect(canvas.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/dashboard/deposit');
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('25,755.40 USD')).toBeVisible();
    await expect(canvas.getByText('Standard')).toBeVisible();
    await expect(canvas.getByText('You Earned 462.60 USD This Week')).toBeVisible();
    await expect(canvas.getByText('Investment goal:').parentElement).toHaveTextContent(
      'Investment goal: retirement',
    );
    await expect(canvas.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/dashboard/deposit');
    await expect(canvas.getByRole('link', { name: 'Withdraw' })).toHaveAttribute(
      'href',
      '/dashboard/withdrawal',
    );

    // The six tiles, in their fixed order, in US English.
    await expect(canvas.getByRole('region', { name: 'Balance summary' })).toHaveTextContent(
      [
        'Total Profit1,830.40 USD',
        'Total Deposits25,000.00 USD',
        'Pending Deposits500.00 USD',
        'Total Withdrawals1,200.00 USD',
        'Pending Withdrawals300.00 USD',
        'Bonus125.00 USD',
      ].join(''),
    );

    // The balance by day: today's split, and the chart with its summary and table.
    const history = canvas.getByRole('region', { name: 'Balance over time' });
    await expect(await within(history).findByText('Investments')).toBeVisible();
    await expect(history).toHaveTextContent('Investments2,655.40 USDCash23,100.00 USD');
    await expect(within(history).getByRole('figure', { name: 'Total balance by day' })).toHaveTextContent(
      'From $25,600.00 on Aug 31, 2026 to $25,755.40 today.',
    );

    // The top three trending coins, most risen first, with the time and the credit.
    const trending = await canvas.findByRole('list', { name: 'Trending coins' });
    const coins = within(trending).getAllByRole('listitem');
    await expect(coins).toHaveLength(3);
    await expect(coins[0]).toHaveTextContent('Pepe');
    await expect(canvas.getByText('4:20 PM UTC, Nov 21, 2026').parentElement).toHaveTextContent(
      'Prices as of 4:20 PM UTC, Nov 21, 2026',
    );

    // The first fifty coins.
    const table = await canvas.findByRole('table', { name: 'Cryptocurrency prices' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(50));
    await expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Bitcoin');
    await expect(canvas.getByText('4:29 PM UTC, Nov 21, 2026').parentElement).toHaveTextContent(
      'Prices as of 4:29 PM UTC, Nov 21, 2026',
    );
    await expect(canvas.getAllByText('Data provided by CoinGecko')).toHaveLength(2);

    // No unseen notification: no modal.
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** A new account: nothing deposited, no tier yet, no goal. */
export const NewAccount: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getUserInfo({ body: fixtures.newUserInfo }),
      mocks.getBalanceHistory({ body: fixtures.newBalanceHistory }),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('You Earned 0.00 USD This Week')).toBeVisible();
    await expect(await canvas.findByText('$0.00 today.')).toBeVisible();
    await expect(canvas.getByText('None')).toBeVisible();
    await expect(canvas.getByText('Investment goal:').parentElement).toHaveTextContent(
      'Investment goal: Not yet set',
    );
    // The balance, the six tiles, and today's investments and cash.
    await expect(canvas.getAllByText('0.00 USD')).toHaveLength(9);
  },
};

/** A failed overview fetch is ignored silently; the figures show as dashes. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryByText('Loading Total Profit')).toBeNull());
    await expect(canvas.getAllByText('—')).toHaveLength(7);
    await expect(canvas.queryByText(/You Earned/)).toBeNull();
    await expect(screen.queryByText('Internal error')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Deposit' })).toBeVisible();
  },
};

/**
 * Market data that did not come says so in both market sections, with a way to ask again; the
 * service's own message is not shown.
 */
export const MarketDataUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.listTrendingCoins.error(503, 'Market data is not available yet'),
      mocks.listMarketCoins.error(503, 'Market data is not available yet'),
    );
  },
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('25,755.40 USD')).toBeVisible();
    const trending = await canvas.findByRole('heading', { name: 'Trending' });
    const market = canvas.getByRole('heading', { name: 'Market' });
    await waitFor(() => expect(canvas.getAllByText('Market data unavailable')).toHaveLength(2));
    await expect(canvas.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    await expect(trending).toBeVisible();
    await expect(market).toBeVisible();
    await expect(screen.queryByText('Market data is not available yet')).toBeNull();
  },
};

/** On the smallest phone the two messages and their buttons fit the column. */
export const MarketDataUnavailableOnAPhone: Story = {
  ...MarketDataUnavailable,
  parameters: { screenshot: { width: 320, height: 1400 } },
  play: async (context) => {
    await MarketDataUnavailable.play?.(context);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** A retry that finds the market data back shows it in place of the message. */
export const MarketDataBack: Story = {
  beforeEach({ msw }) {
    let asked = 0;
    msw.use(
      http.get('*/api/v1/market/coins', () => {
        asked++;
        return asked === 1
          ? HttpResponse.json({ msg: 'Market data is not available yet' }, { status: 503 })
          : HttpResponse.json(fixtures.marketCoins);
      }),
    );
  },
  play: async ({ canvas }) => {
    const retry = await canvas.findByRole('button', { name: 'Try again' });
    await expect(canvas.getByText('Market data unavailable')).toBeVisible();
    await userEvent.click(retry);
    await expect(await canvas.findByRole('table', { name: 'Cryptocurrency prices' })).toBeVisible();
    await expect(canvas.queryByText('Market data unavailable')).toBeNull();
  },
};

/** An unseen notification with a title and content opens on load: title, HTML content, Okay. */
export const Notification: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo());
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Weekly profit credited' });
    // Visible once its opening transition has played.
    await waitFor(() => expect(within(dialog).getByText('$412.60')).toBeVisible());
    await expect(within(dialog).getByRole('link', { name: 'See your history' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Okay' })).toBeVisible();
  },
};

/** Okay closes the modal and marks the notification seen: `PATCH /users/user-info` with `{ seen: true }`. */
export const OkayMarksSeen: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo(), recordPatches);
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Weekly profit credited' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(patches).toEqual([{ seen: true }]));
  },
};

/** A persistent notification closes with Okay but is never marked seen. */
export const PersistentNotification: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getUserInfo({
        body: { ...fixtures.userInfo, notification: { ...fixtures.notification, persistent: true } },
      }),
      recordPatches,
    );
  },
  play: async ({ canvas }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Weekly profit credited' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(patches).toEqual([]);
  },
};

/** When marking it seen fails, the failure is only logged. */
export const MarkingSeenFails: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo(), mocks.updateUserInfo.error(500, 'Internal error'));
  },
  play: async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => {});
    try {
      const dialog = await screen.findByRole('dialog', { name: 'Weekly profit credited' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Okay' }));
      await waitFor(() => expect(logged).toHaveBeenCalled());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await expect(screen.queryByText('Internal error')).toBeNull();
    } finally {
      logged.mockRestore();
    }
  },
};

/** Deposit goes to the deposit page. */
export const GoToDeposit: Story = {
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Deposit' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/deposit'));
  },
};

/** The smallest phone: everything in one column; the market table scrolls sideways in its frame. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 1400 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('25,755.40 USD')).toBeVisible();
    await canvas.findByRole('list', { name: 'Trending coins' });
    await canvas.findByRole('table', { name: 'Cryptocurrency prices' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Jane's figures once her pending deposit of $500 is approved: deposited, no longer pending. */
const afterDepositApproved = {
  ...seenInfo,
  deposits: 25_500,
  pendingDeposits: 0,
  availableBalance: 25_955.4,
  totalBalance: 26_255.4,
};

/**
 * While the overview is open, the back office approves Jane's deposit: the live stream says so, a toast
 * tells her (announced politely), and the figures load again without a reload of the page.
 */
export const DepositApprovedLive: Story = {
  decorators: [withLiveStream('dashboard')],
  beforeEach({ msw }) {
    msw.use(mocks.streamEvents({ body: [fixtures.depositApprovedEvent] }));
  },
  play: async ({ canvas, msw }) => {
    await expect(await canvas.findByText('25,755.40 USD')).toBeVisible();
    msw.use(mocks.getUserInfo({ body: afterDepositApproved }));

    openLiveStream();

    // Announced politely: the news waits for the screen reader to finish (the announcement lives for a
    // second, so it is checked first).
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status', { hidden: true })
          .some(
            (live) =>
              live.getAttribute('aria-live') === 'polite' &&
              live.textContent?.includes('Your deposit of $500.00 was approved'),
          ),
      ).toBe(true),
    );
    await expectToast('Your deposit of $500.00 was approved');
    await expect(await canvas.findByText('26,255.40 USD')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Balance summary' })).toHaveTextContent(
      /Total Deposits25,500\.00 USD.*Pending Deposits0\.00 USD/,
    );
  },
};
