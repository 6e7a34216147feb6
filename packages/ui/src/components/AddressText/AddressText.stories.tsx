import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { expectCopiedFor, refuseClipboard, stubClipboard, writeText } from '../CopyField/stubClipboard';
import { AddressText } from './AddressText';

const bitcoinAddress = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/**
 * A wallet address to pay to or check: shown in groups of four monospace characters, with a Copy
 * button that copies it exactly. Use it wherever a person must compare or transfer an address.
 */
const meta = {
  title: 'Money/AddressText',
  component: AddressText,
  args: { address: bitcoinAddress, onCopied: fn() },
  beforeEach: stubClipboard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AddressText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    // On screen: groups of four.
    const groups = canvasElement.querySelectorAll('[aria-hidden="true"] > span');
    await expect([...groups].slice(0, 3).map((group) => group.textContent)).toEqual(['bc1q', 'xy2k', 'gdyg']);
    await expect(groups).toHaveLength(Math.ceil(bitcoinAddress.length / 4));
    // For screen readers: the address once, whole.
    await expect(canvas.getByText(bitcoinAddress)).toBeInTheDocument();
    await expect(groups[0]?.closest('[aria-hidden="true"]')).not.toBeNull();
    await expect(canvas.getByRole('button', { name: 'Copy address' })).toBeVisible();
  },
};

/** The copy is the exact address, no spaces; "Copied" shows for 2000 ms. */
export const Copied: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expectCopiedFor(
      canvas,
      async () => {
        await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
        await expect(writeText).toHaveBeenCalledWith(bitcoinAddress);
        await expect(args.onCopied).toHaveBeenCalledWith(bitcoinAddress);
        await expect(canvas.getByRole('status')).toHaveTextContent('Copied to clipboard');
      },
      { restingName: 'Copy address' },
    );
  },
};

/** On a phone the groups wrap between each other, never inside one. */
export const Narrow: Story = {
  args: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  parameters: { screenshot: { width: 375 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const groups = [...canvasElement.querySelectorAll('[aria-hidden="true"] > span')];
    const tops = new Set(groups.map((group) => Math.round(group.getBoundingClientRect().top)));
    await expect(tops.size).toBeGreaterThan(1);
    for (const group of groups) {
      // Every group sits on one line.
      await expect(group.getClientRects()).toHaveLength(1);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    await expect(writeText).toHaveBeenCalledWith('0x52908400098527886E0F7030069857D2E4169EE7');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy address' })).toBeVisible());
  },
};

/** The browser refused: the address is selected on screen for a copy by hand. */
export const CopyRefused: Story = {
  beforeEach: refuseClipboard,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    await expect(canvas.getByRole('status')).toHaveTextContent(/The address is selected/);
    await expect(window.getSelection()?.toString()).toBe(bitcoinAddress);
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

export const WithoutCopy: Story = {
  args: { copyable: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByText(bitcoinAddress)).toBeInTheDocument();
  },
};
