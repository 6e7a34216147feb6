import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../../shared/clock';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { AddressBookPanel } from './AddressBookPanel';

/** The stories' clock stands still 19 seconds after the held address was saved. */
const withFixedClock: Decorator = (Story) => (
  <ClockContext.Provider value={() => fixtures.addressBookNow}>
    <Story />
  </ClockContext.Provider>
);

/** What the story's server holds: removing an address or switching the lock changes the next GET. */
let book: Schemas['WithdrawalAddressBook'] = fixtures.addressBookLocked;
/** The requests the story sent, in order. */
let sent: string[] = [];

const bookServer = [
  http.get('*/api/v1/users/withdrawal-addresses', () => HttpResponse.json(book)),
  http.post('*/api/v1/users/withdrawal-addresses', async ({ request }) => {
    const body = (await request.json()) as Schemas['WithdrawalAddressRequest'];
    sent.push(`POST ${JSON.stringify(body)}`);
    const { twoFactorCode: _code, ...fields } = body;
    const address = {
      ...fields,
      _id: '5c0e2a4b-6d8f-4a1c-9e3b-7f5d1a9c3e6b',
      usableFrom: new Date(fixtures.addressBookNow + 1440 * 60_000).toISOString(),
      createdAt: new Date(fixtures.addressBookNow).toISOString(),
    };
    book = { ...book, addresses: [address, ...book.addresses] };
    return HttpResponse.json({ msg: 'Address saved', address }, { status: 201 });
  }),
  http.delete('*/api/v1/users/withdrawal-addresses/:addressId', ({ params }) => {
    sent.push(`DELETE ${String(params.addressId)}`);
    book = { ...book, addresses: book.addresses.filter((saved) => saved._id !== params.addressId) };
    return HttpResponse.json({ msg: 'Address removed' });
  }),
  http.put('*/api/v1/users/withdrawal-address-lock', async ({ request }) => {
    const body = (await request.json()) as Schemas['WithdrawalAddressLockRequest'];
    sent.push(`PUT ${JSON.stringify(body)}`);
    if (body.enabled) {
      book = { ...book, lockEnabled: true, lockOffAt: null };
      return HttpResponse.json({
        msg: 'Withdrawals may go only to your saved addresses',
        lockEnabled: true,
        lockOffAt: null,
      });
    }
    // Turning off waits the hold: the lock holds until then.
    book = { ...book, lockOffAt: lockOffAt };
    return HttpResponse.json({
      msg: 'The lock turns off at 2026-11-22 16:06 UTC. We mailed you a link to cancel it until then.',
      lockEnabled: true,
      lockOffAt,
    });
  }),
];

/** When a turning off asked for at the stories' clock takes effect: after the 24-hour hold. */
const lockOffAt = new Date(fixtures.addressBookNow + 1440 * 60_000 + 41_000).toISOString();

/** The lock's switch, once it can be used: it waits for the account's two-factor state. */
async function lockSwitch(canvas: ReturnType<typeof within>) {
  const control = await canvas.findByRole('switch', {
    name: 'Only allow withdrawals to my saved addresses',
  });
  await waitFor(() => expect(control).toBeEnabled());
  return control;
}

/** Waits for a toast to show, then takes it away before the screenshot. */
async function toastSaid(text: string) {
  await waitFor(() => expect(screen.getByText(text)).toBeVisible());
  toast.remove();
  await waitFor(() => expect(screen.queryByText(text)).toBeNull());
}

/**
 * Profile → Security: the address book. Saved withdrawal addresses with their names, coins and
 * networks; while the lock is on, a held address counts down to when it can receive withdrawals.
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Address book',
  component: AddressBookPanel,
  decorators: [withFixedClock, withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 640 } },
  beforeEach({ msw }) {
    book = fixtures.addressBookLocked;
    sent = [];
    toast.remove();
    msw.use(...bookServer);
    return () => toast.remove();
  },
} satisfies Meta<typeof AddressBookPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWithdrawalAddresses.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your saved addresses' })).toBeVisible();
  },
};

/** Nothing saved and the lock off, as an account starts. */
export const Empty: Story = {
  beforeEach() {
    book = fixtures.addressBookEmpty;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No saved addresses yet.')).toBeVisible();
    await expect(await lockSwitch(canvas)).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Save an address' })).toBeVisible();
  },
};

/**
 * The lock on: the address saved just now is on hold and counts down ("Usable in 23:59:41"), the
 * older ones are ready. The ticking text is a timer, not announced each second; its description says
 * when the hold ends.
 */
export const LockedWithAHeldAddress: Story = {
  play: async ({ canvas }) => {
    await expect(await lockSwitch(canvas)).toBeChecked();
    const list = canvas.getByRole('list', { name: 'Saved addresses' });
    const [held, usable] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    await expect(within(held).getByText('Exchange deposit', { selector: 'p' })).toBeVisible();
    await expect(within(held).getByText('On hold')).toBeVisible();
    const timer = within(held).getByRole('timer');
    await expect(timer).toHaveTextContent('Usable in 23:59:41');
    await expect(timer).toHaveAttribute('aria-live', 'off');
    await expect(timer).toHaveAccessibleDescription(/^Withdrawals to this address are allowed from /);
    await expect(within(usable).getByText('Ready')).toBeVisible();
    await expect(within(usable).queryByRole('timer')).toBeNull();
    await expect(within(usable).getByText('Bitcoin · Bitcoin (BTC)')).toBeVisible();
  },
};

/** The lock off: no hold matters, so there are no badges and no countdowns. */
export const Unlocked: Story = {
  beforeEach() {
    book = fixtures.addressBookUnlocked;
  },
  play: async ({ canvas }) => {
    await expect(await lockSwitch(canvas)).not.toBeChecked();
    await expect(await canvas.findByText('Exchange deposit', { selector: 'p' })).toBeVisible();
    await expect(canvas.queryByRole('timer')).toBeNull();
    await expect(canvas.queryByText('On hold')).toBeNull();
  },
};

/** Turning the lock on needs nothing more: one request, and the server's message. */
export const TurnLockOn: Story = {
  beforeEach() {
    book = fixtures.addressBookUnlocked;
  },
  play: async ({ canvas }) => {
    await userEvent.click(await lockSwitch(canvas));
    await toastSaid('Withdrawals may go only to your saved addresses');
    await expect(sent).toEqual(['PUT {"enabled":true}']);
    await waitFor(() => expect(canvas.getByRole('timer')).toHaveTextContent('Usable in 23:59:41'));
  },
};

/** Two-factor on: turning the lock off asks for a code, and the server's refusal shows in the dialog. */
export const TurnLockOffWrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.setWithdrawalAddressLock.error(
        403,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await lockSwitch(canvas));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the address lock' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Authentication code/ }), '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^That code is not right/);
    // Still open for the next code (looked at again until its opening animation has begun to show it).
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/**
 * Two-factor on, the right code: the dialog closes and the server's message shows. The lock holds
 * until the hold is over: the switch stays on, and the panel says when it turns off.
 */
export const TurnLockOff: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityOn }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('timer')).toHaveTextContent('Usable in 23:59:41');
    await userEvent.click(await lockSwitch(canvas));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the address lock' });
    const code = within(dialog).getByRole('textbox', { name: /^Authentication code/ });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(code, '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await toastSaid(
      'The lock turns off at 2026-11-22 16:06 UTC. We mailed you a link to cancel it until then.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toEqual(['PUT {"enabled":false,"twoFactorCode":"492039"}']);
    await expect(await canvas.findByText(/^The lock turns off on /)).toBeVisible();
    await expect(await lockSwitch(canvas)).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Keep the lock on' })).toBeVisible();
  },
};

/** Two-factor off: turning the lock off asks for the password instead of a code. */
export const TurnLockOffWithPassword: Story = {
  parameters: { screenshot: { width: 800, height: 640 } },
  play: async ({ canvas }) => {
    await userEvent.click(await lockSwitch(canvas));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the address lock' });
    await expect(within(dialog).queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    const password = within(dialog).getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(password, 'my-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toEqual(['PUT {"enabled":false,"password":"my-password"}']);
    toast.remove();
  },
};

/** A turning off waits for its hold: "Keep the lock on" cancels it, and the line goes. */
export const LockTurningOffKept: Story = {
  beforeEach() {
    book = { ...fixtures.addressBookLocked, lockOffAt };
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^The lock turns off on /)).toBeVisible();
    await expect(await lockSwitch(canvas)).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Keep the lock on' }));
    await toastSaid('Withdrawals may go only to your saved addresses');
    await expect(sent).toEqual(['PUT {"enabled":true}']);
    await waitFor(() => expect(canvas.queryByText(/^The lock turns off on /)).toBeNull());
  },
};

/** The clock of the HoldEnds story: set by its play function, read by the panel every second. */
let holdClockNow = 0;
const holdClock = () => holdClockNow;
const heldUntil = Date.parse(fixtures.savedAddressHeld.usableFrom);

/**
 * The hold ends: the countdown reaches zero, and the address that was on hold is ready like the
 * others, its countdown gone. (The story's clock starts two seconds before the hold ends, then is
 * moved to its end, as the seconds would pass.)
 */
export const HoldEnds: Story = {
  decorators: [
    (Story) => (
      <ClockContext.Provider value={holdClock}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  beforeEach() {
    holdClockNow = heldUntil - 2000;
  },
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'Saved addresses' });
    const [held] = within(list).getAllByRole('listitem') as [HTMLElement];
    await expect(within(held).getByRole('timer')).toHaveTextContent('Usable in 00:00:02');
    await expect(within(held).getByText('On hold')).toBeVisible();
    holdClockNow = heldUntil;
    await waitFor(() => expect(within(held).queryByRole('timer')).toBeNull());
    await expect(within(held).getByText('Ready')).toBeVisible();
    await expect(within(held).queryByText('On hold')).toBeNull();
    await expect(within(list).getAllByText('Ready')).toHaveLength(3);
  },
};

/** "Remove" asks first, naming the address; confirming removes it and focus goes to the heading. */
export const RemoveConfirm: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove Hardware wallet' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this address?' });
    await expect(dialog).toHaveAccessibleDescription(
      /^"Hardware wallet" \(Bitcoin \(BTC\)\) will no longer be offered/,
    );
    await expect(sent).toEqual([]);
  },
};

export const Removed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove Hardware wallet' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this address?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove address' }));
    await toastSaid('Address removed');
    await expect(sent).toEqual([`DELETE ${fixtures.savedAddressUsable._id}`]);
    await waitFor(() => expect(canvas.queryByText('Hardware wallet', { selector: 'p' })).toBeNull());
    await waitFor(() => expect(canvas.getByText('Address book')).toHaveFocus());
  },
};

/** The save form's own checks: what is missing, and an address of another network, said at once. */
export const SaveFormErrors: Story = {
  parameters: { screenshot: { width: 800, height: 900 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a withdrawal address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    // Each message is looked for again until it shows: the fields re-render as the form settles.
    for (const message of [
      'Please choose the coin to withdraw',
      'Please provide withdrawal address',
      'Please give the address a name',
    ]) {
      await waitFor(() => expect(within(dialog).getByText(message)).toBeVisible());
    }
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Coin/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ethereum' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Address/ }),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await waitFor(() =>
      expect(
        within(dialog).getByText(/^This looks like a Bitcoin address, but you chose Ethereum/),
      ).toBeVisible(),
    );
    await expect(within(dialog).queryByText('Please provide withdrawal address')).toBeNull();
  },
};

/** Two-factor on: the code is asked for, and the server's refusal of it shows above the buttons. */
export const SaveWrongCode: Story = {
  parameters: { screenshot: { width: 800, height: 900 } },
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.createWithdrawalAddress.error(
        403,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a withdrawal address' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Coin/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bitcoin' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Network/ })).toHaveTextContent('Bitcoin (BTC)'),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Address/ }),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Hardware wallet');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Authentication code/ }), '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^That code is not right/);
  },
};

/** A saved address: the dialog closes, the server's message shows, and the list is fetched again. */
export const Saved: Story = {
  parameters: { screenshot: { width: 800, height: 900 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a withdrawal address' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Coin/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'USDT' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Network/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'TRON (TRC-20)' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Address/ }),
      'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Travel card  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await toastSaid('Address saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toEqual([
      'POST {"type":"usdt","network":"usdt-trc20","address":"TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9","label":"Travel card"}',
    ]);
    await expect(await canvas.findByText('Travel card', { selector: 'p' })).toBeVisible();
  },
};
