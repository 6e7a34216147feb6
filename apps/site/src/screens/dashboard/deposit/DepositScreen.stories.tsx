import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { clearSession, saveSession } from '../../../session/session';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { DepositScreen } from './DepositScreen';

type Canvas = ReturnType<typeof within>;

/** A real PNG, so the receipt's preview draws. */
const receipt = () => new File([fixtures.receiptPng()], 'receipt.png', { type: 'image/png' });

const amountField = (canvas: Canvas) => canvas.getByRole('textbox', { name: /^Amount in USD/ });
const receiptInput = (canvas: Canvas) => canvas.getByLabelText(/^Payment receipt/) as HTMLInputElement;
const submitButton = (canvas: Canvas) => canvas.getByRole('button', { name: 'Submit deposit request' });

async function chooseCoinAndAmount(canvas: Canvas, coin: string, amount: string) {
  await userEvent.click(canvas.getByRole('radio', { name: coin }));
  await userEvent.type(amountField(canvas), amount);
  // The wallets arrive on their own time: Tab moves on only once the part below the amount is in
  // place (the address and its Copy button, or the message instead), so it always lands on the same
  // control, on a busy machine too.
  await waitFor(() =>
    expect(canvas.queryByRole('status', { name: 'Loading the deposit address' })).toBeNull(),
  );
  await userEvent.tab();
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

/** Waits until the wallet's QR image (served by the API) has loaded. */
async function qrLoaded(canvas: Canvas, coin: string) {
  const image = await canvas.findByRole('img', { name: `QR code for your ${coin} deposit address` });
  await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  return image as HTMLImageElement;
}

/** What the deposit requests carried, for the play functions to check. */
type SentDeposit = {
  fields: Record<string, FormDataEntryValue>;
  key: string | null;
  authorization: string | null;
};

/** The deposit requests of the story that is running. */
const sent: SentDeposit[] = [];

/** Answers deposit requests with `answers` in turn (the last one repeats) and records each request. */
function recordDeposits(answers: (() => Response)[]) {
  sent.length = 0;
  return http.post('*/api/v1/deposits', async ({ request }) => {
    const form = await request.formData();
    sent.push({
      fields: Object.fromEntries(form.entries()),
      key: request.headers.get('Idempotency-Key'),
      authorization: request.headers.get('Authorization'),
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1];
    return answer ? answer() : HttpResponse.json(fixtures.depositCreated, { status: 201 });
  });
}

const created = () => HttpResponse.json(fixtures.depositCreated, { status: 201 });

/**
 * /dashboard/deposit. A person chooses a coin and an amount; then the wallet to pay to (address, QR
 * code) and the receipt upload appear. The request goes with upload progress and an Idempotency-Key.
 */
const meta = {
  title: 'Screens/Dashboard/Deposit',
  component: DepositScreen,
  decorators: [withRouter('/dashboard/deposit')],
  parameters: { screenshot: { width: 1280, height: 1100 } },
} satisfies Meta<typeof DepositScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: no wallet shows; the risk notice and the withdrawal rules do. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'What would you like to deposit?' }),
    ).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Coin' })).toBeVisible();
    await expect(amountField(canvas)).toBeVisible();
    await expect(canvas.queryByRole('img', { name: /QR code/ })).toBeNull();
    await expect(canvas.queryByLabelText(/^Payment receipt/)).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Risk notice' })).toBeVisible();
    await expect(canvas.getByText(/only after profit is made and after 30% of the capital/)).toBeVisible();
    await expect(canvas.getByText('0.00 USD')).toBeVisible();
    await expectCoinNamesFit(canvas);
  },
};

/** A 375 px phone: the coin tiles stack, each name whole inside its tile. */
export const DefaultOnAPhone: Story = {
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    await expectCoinNamesFit(canvas);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

/** A coin and an amount: the Bitcoin wallet's address (copyable, grouped), its QR code and the upload. */
export const CoinAndAmountChosen: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Bitcoin' }));
    // A coin alone is not enough.
    await expect(canvas.queryByRole('img', { name: /QR code/ })).toBeNull();
    await userEvent.type(amountField(canvas), '1250.5');
    await userEvent.tab();
    await expect(amountField(canvas)).toHaveValue('1,250.50');
    const image = await qrLoaded(canvas, 'Bitcoin');
    await expect(image).toHaveAttribute('src', `/api/v1${fixtures.bitcoinWallet.image}`);
    await expect(canvas.getByRole('group', { name: 'Deposit address' })).toHaveTextContent(
      fixtures.bitcoinWallet.address,
    );
    await expect(canvas.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(
      canvas.getByText(/Send \$1,250\.50 worth of Bitcoin to the address below \(our Bitcoin main wallet\)/),
    ).toBeVisible();
    await expect(receiptInput(canvas)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  },
};

/** The same, on a 320 px phone: one column, nothing cut off. */
export const CoinAndAmountChosenOnAPhone: Story = {
  parameters: { screenshot: { width: 320, height: 1600 } },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'USDT', '80');
    await qrLoaded(canvas, 'USDT');
    await expect(canvas.getByRole('group', { name: 'Deposit address' })).toHaveTextContent(
      fixtures.usdtWallet.address,
    );
    await expectCoinNamesFit(canvas);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** No active wallet takes the chosen coin: the page says so instead of an address. */
export const NoWalletForCoin: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWallets({ body: [fixtures.bitcoinWallet, fixtures.ethereumWallet] }));
  },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'USDT', '500');
    await expect(
      await canvas.findByText(
        'Deposits in USDT are not available right now. Please choose another coin or try again later.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('img', { name: /QR code/ })).toBeNull();
    await expect(canvas.queryByLabelText(/^Payment receipt/)).toBeNull();
    // Another coin has a wallet.
    await userEvent.click(canvas.getByRole('radio', { name: 'Ethereum' }));
    await qrLoaded(canvas, 'Ethereum');
  },
};

/** The wallets failed to load: logged, no message, and the form shows with no wallets. */
export const WalletsFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listWallets.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Coin' })).toBeVisible();
    await chooseCoinAndAmount(canvas, 'Ethereum', '250');
    await expect(await canvas.findByText(/Deposits in Ethereum are not available right now/)).toBeVisible();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

/** The messages, word for word, and the receipt's type and size checked in the browser. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByText('Please input deposit amount in USD')).toBeVisible();
    await expect(canvas.getByText('Please choose the coin you are depositing')).toBeVisible();
    // Focus goes to the first invalid control.
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Bitcoin' })).toHaveFocus());
    await expect(amountField(canvas)).toHaveAccessibleDescription('Please input deposit amount in USD');

    await userEvent.type(amountField(canvas), '0');
    await userEvent.tab();
    await expect(await canvas.findByText('The amount must be more than $0.00')).toBeVisible();
    await userEvent.clear(amountField(canvas));
    await chooseCoinAndAmount(canvas, 'Bitcoin', '1250');
    await qrLoaded(canvas, 'Bitcoin');
    await userEvent.click(submitButton(canvas));
    await expect(await canvas.findByText('Please upload the receipt of your payment')).toBeVisible();

    const input = receiptInput(canvas);
    // As if the system's picker let any file through (drag and drop does).
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' }));
    await expect(
      await canvas.findByText('This file type is not accepted. Choose a JPEG, PNG or WebP image.'),
    ).toBeVisible();
    await userEvent.upload(
      input,
      new File([new Uint8Array(6 * 1024 * 1024)], 'scan.png', { type: 'image/png' }),
    );
    await expect(await canvas.findByText('This file is larger than 5 MB.')).toBeVisible();
  },
};

/** While the request is sent: the button is busy and the upload shows its progress. */
export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.createDeposit.slow());
  },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'Bitcoin', '1250');
    await qrLoaded(canvas, 'Bitcoin');
    await userEvent.upload(receiptInput(canvas), receipt());
    await canvas.findByRole('img', { name: 'Preview of receipt.png' });
    await userEvent.click(submitButton(canvas));
    await waitFor(() => expect(submitButton(canvas)).toHaveAttribute('aria-busy', 'true'));
    await expect(await canvas.findByRole('progressbar')).toBeVisible();
  },
};

/**
 * The request is accepted: "Deposit Request Completed" with the amount in US format and a link to
 * the history. The request carried the form, the saved token and an Idempotency-Key.
 */
export const Success: Story = {
  beforeEach({ msw }) {
    msw.use(recordDeposits([created]));
    saveSession(fixtures.loginResult);
    return () => clearSession();
  },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'Bitcoin', '1250');
    await qrLoaded(canvas, 'Bitcoin');
    await userEvent.upload(receiptInput(canvas), receipt());
    await userEvent.click(submitButton(canvas));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Request Completed' });
    await expect(dialog).toHaveAccessibleDescription(
      'You have made a deposit request of $1,250.00 and it is now awaiting approval',
    );
    const link = within(dialog).getByRole('link', { name: 'View transaction history' });
    await expect(link).toHaveAttribute('href', '/dashboard/transaction-history');
    await waitFor(() => expect(link).toHaveFocus());

    await expect(sent).toHaveLength(1);
    const [request] = sent;
    await expect(request?.fields).toMatchObject({
      type: 'bitcoin',
      amount: '1250.00',
      paymentTo: fixtures.bitcoinWallet.address,
    });
    await expect(request?.fields.image).toBeInstanceOf(File);
    await expect(request?.key).toMatch(/^[0-9a-f-]{36}$/);
    await expect(request?.authorization).toBe(`Bearer ${fixtures.loginResult.token}`);
    // The form starts again behind the (modal) dialog.
    await expect(canvas.getByRole('textbox', { name: /^Amount in USD/, hidden: true })).toHaveValue('');
  },
};

/** A retry after the network failed sends the same Idempotency-Key, so the deposit is made once. */
export const RetryAfterNetworkFailure: Story = {
  beforeEach({ msw }) {
    msw.use(recordDeposits([() => HttpResponse.error(), created]));
  },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'Ethereum', '99.99');
    await qrLoaded(canvas, 'Ethereum');
    await userEvent.upload(receiptInput(canvas), receipt());
    await userEvent.click(submitButton(canvas));
    await expectToast('The server could not be reached. Check your connection and try again.');
    await userEvent.click(submitButton(canvas));
    await screen.findByRole('dialog', { name: 'Deposit Request Completed' });
    await expect(sent).toHaveLength(2);
    await expect(sent[1]?.key).toBe(sent[0]?.key);
  },
};

/** The server refuses the request: its msg shows as an error toast and the form stays filled. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.createDeposit.error(415, 'image: only JPEG, PNG or WebP images are accepted'));
  },
  play: async ({ canvas }) => {
    await chooseCoinAndAmount(canvas, 'Bitcoin', '1250');
    await qrLoaded(canvas, 'Bitcoin');
    await userEvent.upload(receiptInput(canvas), receipt());
    await userEvent.click(submitButton(canvas));
    await expectToast('image: only JPEG, PNG or WebP images are accepted');
    await waitFor(() => expect(submitButton(canvas)).not.toHaveAttribute('aria-busy', 'true'));
    await expect(amountField(canvas)).toHaveValue('1,250.00');
    await expect(canvas.getByText('receipt.png')).toBeVisible();
  },
};
