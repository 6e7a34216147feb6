import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { WalletsScreen } from './WalletsScreen';

type Canvas = ReturnType<typeof within>;

const bitcoin = fixtures.bitcoinWallet;
const retired = fixtures.retiredUsdtWallet;
const listLoaded = (canvas: Canvas) => canvas.findByRole('rowheader', { name: bitcoin.walletName });

/** The table row of the wallet named `name`, found by its row header. */
function rowOf(canvas: Canvas, name: string) {
  const row = canvas.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return within(row);
}

/** A wallet as the server saves it from the Add story's form. */
const savedWallet = {
  ...fixtures.ethereumWallet,
  _id: 'f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c',
  walletName: 'Ethereum hot',
  image: '/wallets/f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c/qr.png',
};

/** Opens "Add a wallet" and fills it in as an admin would: name, coin, address. */
async function fillNewWallet(canvas: Canvas) {
  await listLoaded(canvas);
  await userEvent.click(canvas.getByRole('button', { name: 'Add a wallet' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a wallet' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), savedWallet.walletName);
  await userEvent.click(dialog.getByRole('combobox', { name: /^Coin/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Ethereum' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Address/ }), savedWallet.address);
  return dialog;
}

/** /admin/wallets: the receiving wallets, active and inactive; add, rename, (de)activate, delete. */
const meta = {
  title: 'Screens/Admin/Wallets',
  component: WalletsScreen,
  decorators: [withRouter('/admin/wallets')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof WalletsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWallets.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the wallets' })).toBeVisible();
  },
};

export const List: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await expect(canvas.getAllByRole('row')).toHaveLength(fixtures.allWallets.length + 1);
    const retiredRow = rowOf(canvas, retired.walletName);
    await expect(retiredRow.getByText('Inactive')).toBeVisible();
    await expect(retiredRow.getByRole('button', { name: `Activate ${retired.walletName}` })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWallets({ body: [] }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No wallet yet: add one for users to pay deposits to' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWallets.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The wallets could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByText('The database is not answering')).toBeVisible();
  },
};

/** A form sent empty: each required field says so, and focus goes to the first. */
export const AddRequired: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Add a wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a wallet' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add wallet' }));
    await expect(await dialog.findByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Please choose the coin')).toBeVisible();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
  },
};

/** The server checks the address for the coin and answers 400 naming the field: the message goes under it. */
export const AddRefusedAddress: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminCreateWallet.error(400, 'address is not a valid Ethereum address'));
  },
  play: async ({ canvas }) => {
    const dialog = await fillNewWallet(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Add wallet' }));
    const address = dialog.getByRole('textbox', { name: /^Address/ });
    await expect(await dialog.findByText('Address is not a valid Ethereum address')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(address).toHaveFocus());
    // The message is about the address sent: editing it takes the message away.
    await userEvent.type(address, '0');
    await expect(dialog.queryByText('Address is not a valid Ethereum address')).toBeNull();
    await userEvent.type(address, '{Backspace}');
    // Sent again as it was, refused again: the message stays for the admin to read.
    await userEvent.click(dialog.getByRole('button', { name: 'Add wallet' }));
    await expect(await dialog.findByText('Address is not a valid Ethereum address')).toBeVisible();
  },
};

/** Saved: the wallet's QR code, rendered by the server from its address, and the wallet first in the list. */
export const Added: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminCreateWallet({ body: { msg: 'Wallet created', wallet: savedWallet } }));
  },
  play: async ({ canvas }) => {
    const form = await fillNewWallet(canvas);
    await userEvent.click(form.getByRole('button', { name: 'Add wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: `${savedWallet.walletName} added` }));
    const qr = await dialog.findByRole('img', { name: `QR code of ${savedWallet.walletName}` });
    await waitFor(() => expect((qr as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(dialog.getByRole('heading', { name: `${savedWallet.walletName} added` })).toHaveFocus();
    // Behind the dialog (hidden from screen readers while it is open), the new wallet is first.
    const [first] = canvas.getAllByRole('rowheader', { hidden: true });
    await expect(first).toHaveTextContent(savedWallet.walletName);
    await expectToast(`Wallet created: ${savedWallet.walletName}`);
    toast.remove();
  },
};

export const Rename: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    const rename = canvas.getByRole('button', { name: `Rename ${bitcoin.walletName}` });
    await userEvent.click(rename);
    const dialog = within(await screen.findByRole('dialog', { name: `Rename ${bitcoin.walletName}` }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await expect(name).toHaveValue(bitcoin.walletName);
    await userEvent.clear(name);
    await userEvent.type(name, 'Bitcoin cold storage');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('rowheader', { name: 'Bitcoin cold storage' })).toBeVisible();
    // Focus is back on the row's button, now named after the new name.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Rename Bitcoin cold storage' })).toHaveFocus(),
    );
    await expectToast(`${bitcoin.walletName} is now Bitcoin cold storage`);
    toast.remove();
  },
};

export const Deactivate: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Deactivate ${bitcoin.walletName}` }));
    const row = rowOf(canvas, bitcoin.walletName);
    await expect(await row.findByText('Inactive')).toBeVisible();
    await expect(row.getByRole('button', { name: `Activate ${bitcoin.walletName}` })).toHaveFocus();
    await expectToast(`${bitcoin.walletName} is inactive: users no longer see it`);
    toast.remove();
  },
};

/** The confirmation names the wallet and its address before anything is deleted. */
export const DeleteConfirmation: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Delete ${retired.walletName}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: `Delete ${retired.walletName}?` }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: `Delete ${retired.walletName}` })).toBeVisible(),
    );
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeVisible();
  },
};

/** Deleted: the row goes, and focus (whose button went with it) goes to "Add a wallet". */
export const Deleted: Story = {
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Delete ${retired.walletName}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: `Delete ${retired.walletName}?` }));
    await userEvent.click(dialog.getByRole('button', { name: `Delete ${retired.walletName}` }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.queryByRole('rowheader', { name: retired.walletName })).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add a wallet' })).toHaveFocus());
    await expectToast(`${retired.walletName} deleted`);
    toast.remove();
  },
};

/** A wallet that deposits name cannot be deleted: the server's 409 is a toast, and the row stays. */
export const DeleteRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminDeleteWallet.error(409, 'Deposits reference this wallet; deactivate it instead'));
  },
  play: async ({ canvas }) => {
    await listLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Delete ${bitcoin.walletName}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: `Delete ${bitcoin.walletName}?` }));
    await userEvent.click(dialog.getByRole('button', { name: `Delete ${bitcoin.walletName}` }));
    await expectToast('Deposits reference this wallet; deactivate it instead');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('rowheader', { name: bitcoin.walletName })).toBeVisible();
    toast.remove();
  },
};
