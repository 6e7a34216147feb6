import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { WithdrawalScreen } from './WithdrawalScreen';

type Canvas = ReturnType<typeof within>;

const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const tronAddress = 'TLxQVCoDTisPoKcvq7LWvnGhmMNsoWnyAg';
const evmAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

const networkSelect = (canvas: Canvas) => canvas.getByRole('combobox', { name: /^Network/ });
const addressField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Withdrawal address/ });
const amountField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Amount in USD/ });
const submitButton = (canvas: Canvas) => canvas.getByRole('button', { name: 'Submit withdrawal request' });

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
  decorators: [withRouter('/dashboard/withdrawal')],
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
    await userEvent.type(addressField(canvas), tronAddress);
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
    await expect(addressField(canvas)).toHaveFocus();
    await userEvent.type(addressField(canvas), tronAddress.slice(1));
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
    await expect(addressField(canvas)).toHaveFocus();
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
    await userEvent.type(addressField(canvas), evmAddress);
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
    await userEvent.type(addressField(canvas), bitcoinAddress);
    await userEvent.type(amountField(canvas), '1250');
    await userEvent.click(submitButton(canvas));
    await expectToast('amount: is more than the available balance');
    await expect(amountField(canvas)).toHaveValue('1,250.00');
  },
};
