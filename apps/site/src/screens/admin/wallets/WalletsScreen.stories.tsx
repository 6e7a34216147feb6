import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
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

/** The requests the add stories' mocks heard; each story empties them first. */
const previewsSent: SentRequest<Schemas['WalletQrPreview']>[] = [];
const creationsSent: SentRequest<Schemas['WalletCreate']>[] = [];

/** A wallet as the server saves it from the Add story's form. */
const savedWallet = {
  ...fixtures.ethereumWallet,
  _id: 'f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c',
  walletName: 'Ethereum hot',
  image: '/wallets/f6a7b8c9-d0e1-4f2a-8b3c-4d5e6f7a8b9c/qr.png',
};

/**
 * Opens "Add a wallet" and waits until it shows, as an admin would before using it. The dialog fades
 * in from opacity 0, and until the browser draws its first frame (late on a busy machine) it and
 * everything in it read as not visible, though already in the page.
 */
async function openAddWallet(canvas: Canvas) {
  await listLoaded(canvas);
  await userEvent.click(canvas.getByRole('button', { name: 'Add a wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a wallet' });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/** Opens "Add a wallet" and fills it in as an admin would: name, coin, address. */
async function fillNewWallet(canvas: Canvas) {
  const dialog = await openAddWallet(canvas);
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
    const dialog = await openAddWallet(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Preview QR code' }));
    await expect(await dialog.findByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Please choose the coin')).toBeVisible();
    await expect(dialog.getByText('Address is required')).toBeVisible();
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
  },
};

/**
 * The server checks the address for the coin before drawing its QR code, and answers 400 naming the
 * field: the message goes under it, and nothing is saved.
 */
export const AddRefusedAddress: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminPreviewWalletQr.error(400, 'address is not a valid Ethereum address'));
  },
  play: async ({ canvas }) => {
    const dialog = await fillNewWallet(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Preview QR code' }));
    const address = dialog.getByRole('textbox', { name: /^Address/ });
    await expect(await dialog.findByText('Address is not a valid Ethereum address')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(address).toHaveFocus());
    await expect(dialog.queryByRole('img')).toBeNull();
    // The message is about the address sent: editing it takes the message away.
    await userEvent.type(address, '0');
    await expect(dialog.queryByText('Address is not a valid Ethereum address')).toBeNull();
    await userEvent.type(address, '{Backspace}');
    // Sent again as it was, refused again: the message stays for the admin to read.
    await userEvent.click(dialog.getByRole('button', { name: 'Preview QR code' }));
    await expect(await dialog.findByText('Address is not a valid Ethereum address')).toBeVisible();
  },
};

/**
 * Before anything is saved: the QR code the server drew from the address, with the address under it
 * to compare. Going back keeps what was typed.
 */
export const AddPreview: Story = {
  beforeEach({ msw }) {
    previewsSent.length = 0;
    creationsSent.length = 0;
    msw.use(mocks.adminPreviewWalletQr.record(previewsSent), mocks.adminCreateWallet.record(creationsSent));
  },
  play: async ({ canvas }) => {
    const form = await fillNewWallet(canvas);
    await userEvent.click(form.getByRole('button', { name: 'Preview QR code' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: `Check the QR code of ${savedWallet.walletName}` }),
    );
    const qr = await dialog.findByRole('img', {
      name: `QR code of ${savedWallet.walletName}, for the address ${savedWallet.address}`,
    });
    await waitFor(() => expect((qr as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(dialog.getByText(savedWallet.address)).toBeVisible();
    await expect(dialog.getByText('Active')).toBeVisible();
    await waitFor(() =>
      expect(
        dialog.getByRole('heading', { name: `Check the QR code of ${savedWallet.walletName}` }),
      ).toHaveFocus(),
    );
    await expect(dialog.getByRole('button', { name: 'Add wallet' })).toBeVisible();
    await expect(previewsSent.map((request) => request.body)).toEqual([
      { type: 'ethereum', address: savedWallet.address },
    ]);
    await expect(creationsSent).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Back' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add a wallet' }));
    await expect(again.getByRole('textbox', { name: /^Name/ })).toHaveValue(savedWallet.walletName);
    const address = again.getByRole('textbox', { name: /^Address/ });
    await expect(address).toHaveValue(savedWallet.address);
    await waitFor(() => expect(address).toHaveFocus());
    await userEvent.click(again.getByRole('button', { name: 'Preview QR code' }));
    await screen.findByRole('dialog', { name: `Check the QR code of ${savedWallet.walletName}` });
  },
};

/**
 * Confirmed after the preview: proposed, for a second admin to approve; the list is as it was (the
 * wallet exists once approved).
 */
export const Proposed: Story = {
  beforeEach({ msw }) {
    creationsSent.length = 0;
    msw.use(mocks.adminCreateWallet.record(creationsSent), mocks.adminCreateWallet());
  },
  play: async ({ canvas }) => {
    const form = await fillNewWallet(canvas);
    await userEvent.click(form.getByRole('button', { name: 'Preview QR code' }));
    const preview = within(
      await screen.findByRole('dialog', { name: `Check the QR code of ${savedWallet.walletName}` }),
    );
    await userEvent.click(preview.getByRole('button', { name: 'Add wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: `${savedWallet.walletName} proposed` }));
    await expect(creationsSent.map((request) => request.body)).toEqual([
      { walletName: savedWallet.walletName, type: 'ethereum', address: savedWallet.address, active: true },
    ]);
    await expect(dialog.getByText(/A second admin must approve it before users can pay to it/)).toBeVisible();
    await waitFor(() =>
      expect(dialog.getByRole('heading', { name: `${savedWallet.walletName} proposed` })).toHaveFocus(),
    );
    // Behind the dialog (hidden from screen readers while it is open), the list is as it was.
    const names = canvas.getAllByRole('rowheader', { hidden: true }).map((cell) => cell.textContent);
    await expect(names).not.toContain(savedWallet.walletName);
    await expectToast(`Proposed: a second admin must approve it: ${savedWallet.walletName}`);
    toast.remove();
  },
};

/** Refused when confirmed (the name, here): back to the form, with the message under the field. */
export const AddRefusedOnSave: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminCreateWallet.error(400, 'walletName is required'));
  },
  play: async ({ canvas }) => {
    const form = await fillNewWallet(canvas);
    await userEvent.click(form.getByRole('button', { name: 'Preview QR code' }));
    const preview = within(
      await screen.findByRole('dialog', { name: `Check the QR code of ${savedWallet.walletName}` }),
    );
    await userEvent.click(preview.getByRole('button', { name: 'Add wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a wallet' }));
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await expect(await dialog.findByText('Name is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
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
    await waitFor(() =>
      expect(row.getByRole('button', { name: `Activate ${bitcoin.walletName}` })).toHaveFocus(),
    );
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
