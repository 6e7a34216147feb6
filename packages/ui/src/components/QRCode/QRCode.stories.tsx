import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { stubClipboard, writeText } from '../CopyField/stubClipboard';
import { QRCode } from './QRCode';

// A PNG rendered from the address below, standing in for the server's image.
const bitcoinQr = new URL('../../assets/bitcoin-wallet-qr.png', import.meta.url).href;
const bitcoinAddress = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/**
 * The wallet a deposit is paid to: its QR code, the coin and the address with a Copy button. Pass
 * the wallet's image path as `src`; if the image cannot be loaded, the code is drawn from the
 * address instead, so the deposit screen never shows a broken image.
 */
const meta = {
  title: 'Money/QRCode',
  component: QRCode,
  args: { src: bitcoinQr, address: bitcoinAddress, coin: 'bitcoin' },
  beforeEach: stubClipboard,
} satisfies Meta<typeof QRCode>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server's image loads. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const image = canvas.getByRole('img', { name: 'QR code for your Bitcoin deposit address' });
    await expect(image.tagName).toBe('IMG');
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(canvas.getByText('Bitcoin')).toBeVisible();
    const address = canvas.getByRole('group', { name: 'Deposit address' });
    await expect(address).toHaveTextContent(bitcoinAddress);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    await expect(writeText).toHaveBeenCalledWith(bitcoinAddress);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy address' })).toBeVisible());
  },
};

/** The image is missing: the code is drawn from the same address. */
export const ImageFails: Story = {
  args: { src: '/wallets/missing-qr.png' },
  play: async ({ canvas, canvasElement }) => {
    // The image errors first, then the drawn code takes its place under the same name.
    const drawn = await waitFor(() => {
      const code = canvas.getByRole('img', { name: 'QR code for your Bitcoin deposit address' });
      expect(code.tagName.toLowerCase()).toBe('svg');
      return code;
    });
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(drawn.getBoundingClientRect().width).toBe(160);
    await expect(canvas.getByRole('group', { name: 'Deposit address' })).toHaveTextContent(bitcoinAddress);
  },
};

export const Ethereum: Story = {
  args: {
    src: '/wallets/missing-eth-qr.png',
    coin: 'ethereum',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: 'QR code for your Ethereum deposit address' }).tagName.toLowerCase(),
      ).toBe('svg'),
    );
    await expect(canvas.getByText('Ethereum')).toBeVisible();
  },
};

/** On a phone the address goes under the code. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 640 } },
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img', { name: 'QR code for your Bitcoin deposit address' });
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    const address = canvas.getByRole('group', { name: 'Deposit address' });
    await expect(address.getBoundingClientRect().top).toBeGreaterThan(image.getBoundingClientRect().bottom);
  },
};
