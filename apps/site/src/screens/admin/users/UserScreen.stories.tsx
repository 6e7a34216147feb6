import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { UserScreen } from './UserScreen';

const userId = fixtures.people.jane._id;

/** /admin/users/$userId: a user's figures and ledger, with the balance after each entry. */
const meta = {
  title: 'Screens/Admin/User',
  component: UserScreen,
  args: { userId },
  decorators: [withRouter('/admin/users')],
  parameters: { screenshot: { width: 1280, height: 1100 } },
} satisfies Meta<typeof UserScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    const ledger = await canvas.findByRole('table', { name: 'Ledger' });
    await expect(within(ledger).getAllByRole('row').length).toBeGreaterThan(1);
  },
};

/** The balance after an entry, as its row shows it (the row's last cell). */
function balanceShown(row: HTMLElement | undefined) {
  if (!row) throw new Error('No such ledger row');
  return within(row).getAllByRole('cell').at(-1);
}

/**
 * The ledger a page at a time, newest first: the newest entries end at the balances above, and the
 * balance after each entry runs on across "Load more" (the oldest, Jane's first deposit, on page 2).
 */
export const LedgerPages: Story = {
  play: async ({ canvas }) => {
    const ledger = await canvas.findByRole('table', { name: 'Ledger' });
    const rows = () => within(ledger).getAllByRole('row').slice(1);
    await expect(rows()).toHaveLength(20);
    // The newest entries: the hold of Jane's pending 300 withdrawal, on each of her accounts.
    await expect(balanceShown(rows()[0])).toHaveTextContent('300.00 USD');
    await expect(balanceShown(rows()[1])).toHaveTextContent('25,455.40 USD');
    const lastOfFirstPage = rows()[19];
    await expect(lastOfFirstPage).toHaveTextContent(/^Bonus/);
    await expect(balanceShown(lastOfFirstPage)).toHaveTextContent('10,075.00 USD');

    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(21));
    const oldest = rows()[20];
    await expect(oldest).toHaveTextContent(/^Deposit/);
    // 10,075.00 after the bonus of 75.00 means 10,000.00 before it: the first deposit's balance after.
    await expect(balanceShown(oldest)).toHaveTextContent('10,000.00 USD');
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    oldest?.scrollIntoView({ block: 'end' });
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetUser.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading the user' })).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetUser.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The user could not be loaded' })).toBeVisible();
    await expect(canvas.getByText('The database is not answering')).toBeVisible();
  },
};

/** A user who signed up yesterday: no request, nothing on the ledger. */
export const EmptyLedger: Story = {
  args: { userId: fixtures.people.olivia._id },
  beforeEach({ msw }) {
    msw.use(mocks.adminListLedgerEntries({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Olivia Brown' })).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: "Nothing on this user's ledger yet" }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** The ledger could not be loaded: the rest of the page stands, with a way to try again. */
export const LedgerFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListLedgerEntries.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The ledger entries could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Post to the ledger…' })).toBeVisible();
  },
};

export const NotFound: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetUser.error(404, 'User not found'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No such user' })).toBeVisible();
  },
};

type Canvas = ReturnType<typeof within>;

/** Opens the posting form and fills it: a kind (and, for an adjustment, a direction), an amount, a memo. */
async function fillPosting(
  canvas: Canvas,
  { kind, direction, amount, memo }: { kind: string; direction?: string; amount: string; memo: string },
) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Post to the ledger…' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Post to the ledger' }));
  await userEvent.click(dialog.getByRole('combobox', { name: /^Kind/ }));
  await userEvent.click(await screen.findByRole('option', { name: kind }));
  if (direction) {
    await userEvent.click(dialog.getByRole('combobox', { name: /^Direction/ }));
    await userEvent.click(await screen.findByRole('option', { name: direction }));
  }
  await userEvent.type(dialog.getByLabelText(/^Amount/), amount);
  await userEvent.type(dialog.getByLabelText(/^Memo/), memo);
  await userEvent.click(dialog.getByRole('button', { name: 'Review the posting' }));
}

/** The posting requests a story sent, as the server heard them. */
const posted: SentRequest<Schemas['LedgerEntryRequest']>[] = [];

/** What each posting carried: its body, and its Idempotency-Key. */
const postings = () => posted.map(({ body, headers }) => ({ body, key: headers.get('Idempotency-Key') }));

/** A debit adjustment is confirmed with its sign, over the form, before it is posted. */
export const PostingConfirmation: Story = {
  play: async ({ canvas }) => {
    await fillPosting(canvas, {
      kind: 'Adjustment (a credit or a debit)',
      direction: 'Debit: takes from their balance',
      amount: '35.5',
      memo: 'Correcting a double credit',
    });
    const confirmation = await screen.findByRole('alertdialog', { name: 'Post an adjustment?' });
    await expect(confirmation).toHaveAccessibleDescription('- $35.50 from Jane Cooper (jane@example.com)');
    await expect(confirmation).toHaveTextContent('Correcting a double credit');
    // Focus starts on the way back, never on the button that moves money.
    await waitFor(() => expect(within(confirmation).getByRole('button', { name: 'Back' })).toHaveFocus());
    await waitFor(() =>
      expect(within(confirmation).getByRole('button', { name: 'Post - $35.50' })).toBeVisible(),
    );
  },
};

/** "Back" returns to the form as it was filled, focus on its button; nothing is posted. */
export const PostingBack: Story = {
  beforeEach({ msw }) {
    posted.length = 0;
    msw.use(mocks.adminPostLedgerEntry.record(posted));
  },
  play: async ({ canvas }) => {
    await fillPosting(canvas, { kind: 'Bonus (a credit)', amount: '20', memo: 'Loyalty bonus' });
    const confirmation = await screen.findByRole('alertdialog', { name: 'Post a bonus?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const form = within(await screen.findByRole('dialog', { name: 'Post to the ledger' }));
    await expect(form.getByLabelText(/^Memo/)).toHaveValue('Loyalty bonus');
    await waitFor(() => expect(form.getByRole('button', { name: 'Review the posting' })).toHaveFocus());
    await expect(posted).toHaveLength(0);
  },
};

/**
 * Confirmed: one request, with an Idempotency-Key; both dialogs close and the page says what the
 * server did: proposed, for a second admin to approve (every posting, by default).
 */
export const Proposed: Story = {
  beforeEach({ msw }) {
    posted.length = 0;
    msw.use(mocks.adminPostLedgerEntry.record(posted));
  },
  play: async ({ canvas }) => {
    await fillPosting(canvas, { kind: 'Bonus (a credit)', amount: '12.34', memo: 'Goodwill bonus' });
    const confirmation = await screen.findByRole('alertdialog', { name: 'Post a bonus?' });
    await expect(confirmation).toHaveAccessibleDescription('+ $12.34 to Jane Cooper (jane@example.com)');
    await userEvent.dblClick(within(confirmation).getByRole('button', { name: 'Post + $12.34' }));
    await expectToast('Proposed: a second admin must approve it');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(postings()).toEqual([
      { body: { kind: 'bonus', amount: 12.34, memo: 'Goodwill bonus' }, key: expect.any(String) },
    ]);
    toast.remove();
  },
};

/** The network failed: the confirmation says so and stays; the retry sends the same Idempotency-Key. */
export const PostingRetried: Story = {
  beforeEach({ msw }) {
    posted.length = 0;
    // The first request gets no answer at all; the retry, the default one.
    msw.use(
      mocks.adminPostLedgerEntry.record(posted),
      mocks.adminPostLedgerEntry.networkError({ once: true }),
    );
  },
  play: async ({ canvas }) => {
    await fillPosting(canvas, { kind: 'Bonus (a credit)', amount: '12.34', memo: 'Goodwill bonus' });
    const confirmation = within(await screen.findByRole('alertdialog', { name: 'Post a bonus?' }));
    const post = confirmation.getByRole('button', { name: 'Post + $12.34' });
    await userEvent.click(post);
    await expect(await confirmation.findByRole('alert')).toHaveTextContent(/could not be reached/i);
    await waitFor(() => expect(post).not.toHaveAttribute('aria-busy'));
    await userEvent.click(post);
    await expectToast('Proposed: a second admin must approve it');
    const [first, retry] = postings();
    await expect(posted).toHaveLength(2);
    await expect(retry?.key).toBe(first?.key);
    toast.remove();
  },
};

/**
 * The server refuses the posting as things stand now: a debit larger than the available balance (it
 * may have changed since the page loaded). Its words are shown in the confirmation, which stays, and
 * nothing is posted.
 */
export const PostingRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminPostLedgerEntry.error(
        400,
        'amount would take the available balance below zero (available: $25,455.40)',
      ),
    );
  },
  play: async ({ canvas }) => {
    await fillPosting(canvas, {
      kind: 'Adjustment (a credit or a debit)',
      direction: 'Debit: takes from their balance',
      amount: '30000',
      memo: 'Reverses the October deposits',
    });
    const confirmation = within(await screen.findByRole('alertdialog', { name: 'Post an adjustment?' }));
    await userEvent.click(confirmation.getByRole('button', { name: 'Post - $30,000.00' }));
    await expect(await confirmation.findByRole('alert')).toHaveTextContent(
      'amount would take the available balance below zero (available: $25,455.40)',
    );
    await expect(screen.queryByText('Ledger entry posted')).toBeNull();
  },
};

/** A request's timeline opens in the row under it: requested, then rejected with the reason. */
export const RequestTimeline: Story = {
  play: async ({ canvas }) => {
    const requests = within(await canvas.findByRole('table', { name: 'Requests' }));
    const toggle = requests.getByRole('button', { name: 'Timeline of deposit DEP-2B5N8M1C' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const timeline = requests.getByRole('list', { name: 'Timeline of deposit DEP-2B5N8M1C' });
    await expect(toggle).toHaveAttribute('aria-controls', timeline.parentElement?.id);
    const [requested, rejected] = within(timeline).getAllByRole('listitem');
    await expect(requested).toHaveTextContent(/^Requested/);
    await expect(rejected).toHaveTextContent(/^Rejected/);
    await expect(rejected).toHaveTextContent('Reason: The receipt does not show the transaction hash.');
    await expect(rejected?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-14T11:30:00.000Z');
  },
};

/** The notification's editor previews the HTML as the user will see it: a script never shows. */
export const NotificationPreview: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set the notification…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set the notification' }));
    const content = dialog.getByLabelText(/^Content \(HTML\)/);
    await userEvent.clear(content);
    await userEvent.type(content, '<p>Your plan is now <strong>Gold</strong>.<script>alert(1)</script></p>');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(await within(preview).findByText('Gold')).toBeVisible();
    await expect(preview.innerHTML).not.toMatch(/<script/);
  },
};

/**
 * Gives the story's page the rule of the site's Content Security Policy that matters here: no inline
 * event handlers (`script-src-attr 'none'`), each refusal reported with its sample. Chromium reports a
 * handler as soon as the page parses one, even into a detached document (as DOM-based sanitisers
 * do). Once per page: a policy cannot be taken back, and it changes nothing for other stories.
 */
function forbidInlineHandlers() {
  if (document.head.querySelector('meta[data-story-policy]')) return;
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "script-src-attr 'none' 'report-sample'";
  policy.dataset.storyPolicy = 'inline-handlers';
  document.head.append(policy);
}

/**
 * Hostile HTML typed into the editor never reaches the admin's page unsanitised: it is parsed in
 * script, and only the sanitised answer is shown. The bold text shows; no element has a handler; and
 * the page reports no blocked handler. A known handler parsed afterwards is reported, proving the
 * policy listens, and every report of earlier parsing would have come before it.
 */
export const NotificationPreviewHostile: Story = {
  play: async ({ canvas }) => {
    forbidInlineHandlers();
    const reports: string[] = [];
    const listen = (event: SecurityPolicyViolationEvent) =>
      reports.push(`${event.effectiveDirective}: ${event.sample}`);
    document.addEventListener('securitypolicyviolation', listen);
    try {
      await userEvent.click(await canvas.findByRole('button', { name: 'Set the notification…' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Set the notification' }));
      const content = dialog.getByLabelText(/^Content \(HTML\)/);
      await userEvent.clear(content);
      await userEvent.type(content, '<img src=x onerror=alert(1)><b>Hi</b>');
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect(await within(preview).findByText('Hi')).toBeVisible();
      await expect(within(preview).getByText('Hi').tagName).toBe('B');
      await expect(preview.querySelectorAll('img, [onerror]')).toHaveLength(0);
      await expect(document.querySelectorAll('[onerror]')).toHaveLength(0);

      new DOMParser().parseFromString('<i onclick="storySentinel()"></i>', 'text/html');
      await waitFor(() => expect(reports.at(-1)).toBe('script-src-attr: storySentinel()'));
      await expect(reports).toEqual(['script-src-attr: storySentinel()']);
    } finally {
      document.removeEventListener('securitypolicyviolation', listen);
    }
  },
};

const notificationsSent: SentRequest<Schemas['NotificationRequest']>[] = [];

/** An admin with two-factor on gives a fresh code from the app with the notification. */
export const NotificationWithCode: Story = {
  beforeEach({ msw }) {
    notificationsSent.length = 0;
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.adminSetNotification.record(notificationsSent),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set the notification…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set the notification' }));
    await userEvent.type(
      await dialog.findByRole('textbox', { name: /^Code from your authenticator app/ }),
      '492039',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save the notification' }));
    await expectToast('Notification saved');
    await expect(notificationsSent.map((request) => request.body.twoFactorCode)).toEqual(['492039']);
    toast.remove();
  },
};
