import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../shared/clock';
import { formatDateTime } from '../../../shared/formatDate';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { WithdrawalScreen } from './WithdrawalScreen';

type Canvas = ReturnType<typeof within>;

/** The stories' clock stands still 19 seconds after the held saved address was saved. */
const withFixedClock: Decorator = (Story) => (
  <ClockContext.Provider value={() => fixtures.addressBookNow}>
    <Story />
  </ClockContext.Provider>
);

const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const tronAddress = 'TLxQVCoDTisPoKcvq7LWvnGhmMNsoWnyAg';
const evmAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

const networkSelect = (canvas: Canvas) => canvas.getByRole('combobox', { name: /^Network/ });
const addressField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Withdrawal address/ });
const amountField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Amount in USD/ });
const submitButton = (canvas: Canvas) => canvas.getByRole('button', { name: 'Submit withdrawal request' });

/**
 * Pastes an address into the address field, as people move addresses: one input, where typing would
 * check the address again at every one of its 34 to 42 characters.
 */
async function pasteAddress(canvas: Canvas, address: string) {
  await userEvent.click(addressField(canvas));
  await userEvent.paste(address);
}

async function chooseNetwork(canvas: Canvas, network: string) {
  await userEvent.click(networkSelect(canvas));
  await userEvent.click(await screen.findByRole('option', { name: network }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Each coin's tile holds its whole name: nothing spills over the tile's edge. */
async function expectCoinNamesFit(canvas: Canvas) {
  for (const coin of ['Bitcoin', 'Ethereum', 'USDT']) {
    const tile = canvas.getByRole('radio', { name: coin }).closest('label') as HTMLElement;
    const name = within(tile).getByText(coin);
    await expect(tile.scrollWidth).toBeLessThanOrEqual(tile.clientWidth);
    await expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(tile.getBoundingClientRect().right);
    await expect(name.getBoundingClientRect().height).toBeLessThan(
      2 * Number.parseFloat(getComputedStyle(name).lineHeight),
    );
  }
}

/** The balance hint has loaded (the figure the amount is checked against). */
const balanceShown = (canvas: Canvas) => canvas.findByText('Available balance: $25,455.40');

/** What the withdrawal requests carried. */
type SentWithdrawal = { fields: Record<string, FormDataEntryValue>; key: string | null };
const sent: SentWithdrawal[] = [];

function recordWithdrawals() {
  sent.length = 0;
  return http.post('*/api/v1/withdrawals', async ({ request }) => {
    const form = await request.formData();
    sent.push({ fields: Object.fromEntries(form.entries()), key: request.headers.get('Idempotency-Key') });
    return HttpResponse.json(fixtures.withdrawalCreated, { status: 201 });
  });
}

/**
 * /dashboard/withdrawal. Coin, then network (reset when the coin changes), the destination address
 * (checked for the network as it is typed), and an amount up to the available balance.
 */
const meta = {
  title: 'Screens/Dashboard/Withdrawal',
  component: WithdrawalScreen,
  decorators: [withFixedClock, withRouter('/dashboard/withdrawal')],
  parameters: { screenshot: { width: 1280, height: 1000 } },
} satisfies Meta<typeof WithdrawalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form with the available balance, the rules and the 0 USD fee. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'What would you like to Withdraw today?' }),
    ).toBeVisible();
    await balanceShown(canvas);
    await expect(amountField(canvas)).toHaveAccessibleDescription('Available balance: $25,455.40');
    await expect(networkSelect(canvas)).toBeDisabled();
    await expect(networkSelect(canvas)).toHaveTextContent('Choose a coin first');
    await expect(canvas.getByText(/only after profit is made and after 30% of the capital/)).toBeVisible();
    await expect(canvas.getByText('0.00 USD')).toBeVisible();
    await expectCoinNamesFit(canvas);
  },
};

/** A 375 px phone: the coin tiles stack, each name whole inside its tile. */
export const DefaultOnAPhone: Story = {
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await expectCoinNamesFit(canvas);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

/** Choosing a coin resets the network (a coin with one network has it chosen). */
export const NetworkResetOnCoinChange: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'USDT' }));
    await expect(networkSelect(canvas)).toBeEnabled();
    await expect(networkSelect(canvas)).toHaveTextContent('Select a network');
    await userEvent.click(networkSelect(canvas));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'TRON (TRC-20)',
      'BNB Smart Chain (BEP-20)',
      'Ethereum (ERC-20)',
    ]);
    await userEvent.keyboard('{Escape}');
    await chooseNetwork(canvas, 'BNB Smart Chain (BEP-20)');
    await expect(networkSelect(canvas)).toHaveTextContent('BNB Smart Chain (BEP-20)');
    await expect(
      canvas.getByRole('checkbox', { name: 'I confirm this address is on BNB Smart Chain (BEP-20)' }),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('radio', { name: 'Ethereum' }));
    await expect(networkSelect(canvas)).toHaveTextContent('Ethereum (ETH)');
    await expect(canvas.queryByRole('checkbox')).toBeNull();

    await userEvent.click(canvas.getByRole('radio', { name: 'USDT' }));
    await expect(networkSelect(canvas)).toHaveTextContent('Select a network');
  },
};

/** An address of another network is explained as it is typed, before the person leaves the field. */
export const AddressMismatch: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'USDT' }));
    await chooseNetwork(canvas, 'TRON (TRC-20)');
    await pasteAddress(canvas, tronAddress);
    await expect(addressField(canvas)).not.toHaveAttribute('aria-invalid');
    // The same address, but the person now picks another network: it is checked again at once.
    await chooseNetwork(canvas, 'Ethereum (ERC-20)');
    const message =
      'This looks like a TRC-20 address, but you chose ERC-20. Check which network the receiving wallet uses.';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(addressField(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(addressField(canvas)).toHaveAccessibleDescription(expect.stringContaining(message));
    // While typing, too: the message shows before the field is left.
    await userEvent.clear(addressField(canvas));
    await userEvent.type(addressField(canvas), 'T');
    await expect(await canvas.findByText(message)).toBeVisible();
    await waitFor(() => expect(addressField(canvas)).toHaveFocus());
    await userEvent.paste(tronAddress.slice(1));
  },
};

/** A Bitcoin address with one character wrong: its bech32 checksum fails, said once it is complete. */
export const MistypedAddress: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    await userEvent.type(addressField(canvas), bitcoinAddress.slice(0, 20));
    // Not complete yet: nothing said while typing.
    await expect(canvas.queryByText(/This is not a valid Bitcoin address/)).toBeNull();
    await userEvent.type(addressField(canvas), `${bitcoinAddress.slice(20, -1)}r`);
    await expect(
      await canvas.findByText(/^This is not a valid Bitcoin address: a character is wrong or missing/),
    ).toBeVisible();
    await waitFor(() => expect(addressField(canvas)).toHaveFocus());
  },
};

/** More than the available balance: refused in the browser, with the balance in the message. */
export const AmountAboveAvailable: Story = {
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await userEvent.type(amountField(canvas), '30000');
    await userEvent.tab();
    const message = 'The amount is more than your available balance of $25,455.40.';
    await expect(await canvas.findByText(message)).toBeVisible();
    await expect(amountField(canvas)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(amountField(canvas));
    await userEvent.type(amountField(canvas), '25455.40');
    await waitFor(() => expect(canvas.queryByText(message)).toBeNull());
  },
};

/** The messages, word for word, and the chain to confirm for BEP-20. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByText('Please provide withdrawal address')).toBeVisible();
    await expect(canvas.getByText('Please input withdrawal amount in USD')).toBeVisible();
    await expect(canvas.getByText('Please choose the coin to withdraw')).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'USDT' }));
    await chooseNetwork(canvas, 'BNB Smart Chain (BEP-20)');
    await userEvent.click(submitButton(canvas));
    await expect(
      await canvas.findByText('Please confirm that the address is on BNB Smart Chain (BEP-20)'),
    ).toBeVisible();
    await expect(canvas.getByText('Please provide withdrawal address')).toBeVisible();
    await expect(canvas.getByText('Please input withdrawal amount in USD')).toBeVisible();
    await waitFor(() => expect(addressField(canvas)).toHaveFocus());
  },
};

/**
 * A USDT withdrawal on BNB Smart Chain: the chain confirmed, then "Withdrawal Request Completed"
 * with the amount in US format. The request is multipart with an Idempotency-Key.
 */
export const Success: Story = {
  beforeEach({ msw }) {
    msw.use(recordWithdrawals());
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'USDT' }));
    await chooseNetwork(canvas, 'BNB Smart Chain (BEP-20)');
    await pasteAddress(canvas, evmAddress);
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'I confirm this address is on BNB Smart Chain (BEP-20)' }),
    );
    await userEvent.type(amountField(canvas), '300');
    await userEvent.click(submitButton(canvas));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal Request Completed' });
    await expect(dialog).toHaveAccessibleDescription(
      'You have made a withdrawal request of $300.00 and it is now awaiting approval',
    );
    await expect(within(dialog).getByRole('link', { name: 'View transaction history' })).toHaveAttribute(
      'href',
      '/dashboard/transaction-history',
    );
    await expect(sent).toHaveLength(1);
    await expect(sent[0]?.fields).toEqual({
      type: 'usdt',
      network: 'usdt-bsc',
      address: evmAddress,
      amount: '300.00',
    });
    await expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  },
};

/** The server refuses (here: its own balance check): its msg shows as an error toast. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.createWithdrawal.error(400, 'amount: is more than the available balance'));
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    await expect(networkSelect(canvas)).toHaveTextContent('Bitcoin (BTC)');
    await pasteAddress(canvas, bitcoinAddress);
    await userEvent.type(amountField(canvas), '1250');
    await userEvent.click(submitButton(canvas));
    await expectToast('amount: is more than the available balance');
    await expect(amountField(canvas)).toHaveValue('1,250.00');
  },
};

/**
 * Withdrawals paused after a password reset, a change of email or two-factor turned off: the notice at
 * the top of the form says until when, in the person's own time, and why. The form stays usable, and
 * the server refuses a request until then with its own words.
 */
export const Paused: Story = {
  beforeEach({ msw }) {
    const until = new Date(fixtures.securityPaused.withdrawalsPausedUntil ?? '');
    msw.use(
      mocks.getSecurity({ body: fixtures.securityPaused }),
      mocks.createWithdrawal.error(
        403,
        `Withdrawals are paused until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC, after a recent password reset, change of email or two-factor being turned off. This protects your money if someone else did it.`,
      ),
    );
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    const until = fixtures.securityPaused.withdrawalsPausedUntil ?? '';
    const title = await canvas.findByText(/^Withdrawals are paused until/);
    await expect(title).toHaveTextContent(`Withdrawals are paused until ${formatDateTime(until)}`);
    await expect(canvas.getByText(formatDateTime(until))).toHaveAttribute('datetime', until);
    const notice = title.closest('[role="status"]');
    await expect(notice).toHaveTextContent(
      /your email was changed or two-factor authentication was turned off/,
    );
    // At the top of the form's card, before the first field.
    const form = submitButton(canvas).closest('form');
    await expect(notice?.nextElementSibling).toBe(form);
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    await expect(networkSelect(canvas)).toHaveTextContent('Bitcoin (BTC)');
    await pasteAddress(canvas, bitcoinAddress);
    await userEvent.type(amountField(canvas), '100');
    await userEvent.click(submitButton(canvas));
    await expectToast(/^Withdrawals are paused until 2026-11-22 09:30 UTC, after a recent password reset/);
    // The screenshot shows the notice, not the toast over the page's heading.
    toast.remove();
    await waitFor(() => expect(screen.queryByText(/^Withdrawals are paused until 2026-11-22/)).toBeNull());
  },
};

const codeField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Authentication code/ });

/** Bitcoin to a bech32 address, $1,250: a request the form accepts but for the code. */
async function fillBitcoinWithdrawal(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
  await expect(networkSelect(canvas)).toHaveTextContent('Bitcoin (BTC)');
  await pasteAddress(canvas, bitcoinAddress);
  await userEvent.type(amountField(canvas), '1250');
}

/**
 * Two-factor on: the form asks for the code from the authenticator app as well, six digits, and
 * sends it with the request as `twoFactorCode`.
 */
export const WithTwoFactor: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityOn }), recordWithdrawals());
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    const code = await canvas.findByRole('textbox', { name: /^Authentication code/ });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toBeRequired();
    await fillBitcoinWithdrawal(canvas);
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByText('Enter the code from your authenticator app')).toBeVisible();
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(code, '4920');
    await expect(
      await canvas.findByText('The code is the 6 digits your authenticator app shows'),
    ).toBeVisible();
    await userEvent.type(code, '39');
    await waitFor(() => expect(code).not.toHaveAttribute('aria-invalid'));
    await userEvent.click(submitButton(canvas));
    await screen.findByRole('dialog', { name: 'Withdrawal Request Completed' });
    await expect(sent[0]?.fields).toEqual({
      type: 'bitcoin',
      network: 'BTC',
      address: bitcoinAddress,
      amount: '1250.00',
      twoFactorCode: '492039',
    });
  },
};

/** Two-factor on, and the server refuses the code (wrong, or already used): its msg shows. */
export const WrongTwoFactorCode: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.createWithdrawal.error(
        403,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await fillBitcoinWithdrawal(canvas);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Authentication code/ }), '492039');
    await userEvent.click(submitButton(canvas));
    await expectToast(/^That code is not right, or was already used/);
    await expect(codeField(canvas)).toHaveValue('492039');
  },
};

/** Saved addresses of the chosen network are offered; choosing one fills the address in. */
export const SavedAddressesOffered: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWithdrawalAddresses({ body: fixtures.addressBookUnlocked }), recordWithdrawals());
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    const saved = await canvas.findByRole('combobox', { name: /^Saved addresses/ });
    await userEvent.click(saved);
    const options = await screen.findAllByRole('option');
    // The lock is off: the address saved just now can be chosen too, and nothing counts down.
    await expect(options.map((option) => option.textContent)).toEqual([
      'Exchange deposit (3J98t1…WNLy)',
      'Hardware wallet (bc1qar…5mdq)',
    ]);
    await userEvent.click(await screen.findByRole('option', { name: 'Hardware wallet (bc1qar…5mdq)' }));
    await expect(addressField(canvas)).toHaveValue(bitcoinAddress);
    await userEvent.type(amountField(canvas), '100');
    await userEvent.click(submitButton(canvas));
    await screen.findByRole('dialog', { name: 'Withdrawal Request Completed' });
    await expect(sent[0]?.fields.address).toBe(bitcoinAddress);
  },
};

/**
 * The lock on: only a saved address can be chosen, the form says why, and the one saved just now is
 * shown held, with its countdown.
 */
export const LockedToSavedAddresses: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWithdrawalAddresses({ body: fixtures.addressBookLocked }), recordWithdrawals());
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await expect(await canvas.findByText(/^Withdrawals are locked to your saved addresses\./)).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /^Withdrawal address/ })).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    await expect(await canvas.findByRole('timer')).toHaveTextContent('Usable in 23:59:41');
    await userEvent.click(canvas.getByRole('combobox', { name: /^Saved address/ }));
    const held = await screen.findByRole('option', { name: /^Exchange deposit/ });
    await expect(held).toHaveTextContent('Exchange deposit (3J98t1…WNLy), usable in 23:59:41');
    await expect(held).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(await screen.findByRole('option', { name: 'Hardware wallet (bc1qar…5mdq)' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(canvas.getByRole('combobox', { name: /^Saved address/ })).toHaveTextContent(
      'Hardware wallet (bc1qar…5mdq)',
    );
    await userEvent.type(amountField(canvas), '100');
  },
};

/** The lock on and nothing saved for the network: nothing can be chosen, and the form says why. */
export const LockedWithNothingSaved: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWithdrawalAddresses({ body: fixtures.addressBookLocked }));
  },
  play: async ({ canvas }) => {
    await balanceShown(canvas);
    await userEvent.click(canvas.getByRole('radio', { name: 'Ethereum' }));
    const saved = await canvas.findByRole('combobox', { name: /^Saved address/ });
    await expect(saved).toBeDisabled();
    await expect(saved).toHaveTextContent('No address saved for this network');
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByText('Please provide withdrawal address')).toBeVisible();
  },
};
