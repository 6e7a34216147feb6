import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { CopyField } from './CopyField';
import { expectCopiedFor, refuseClipboard, stubClipboard, writeText } from './stubClipboard';

const referralLink = 'https://ledgerline.example/sign-up?ref=amara.okafor';

/**
 * A value to copy and paste elsewhere: the referral link, a reference. Read-only; the Copy button
 * puts the exact value on the clipboard and says "Copied" for 2000 ms. For wallet addresses
 * use AddressText, which groups the characters for reading.
 */
const meta = {
  title: 'Money/CopyField',
  component: CopyField,
  args: { label: 'Your referral link', value: referralLink, onCopied: fn() },
  beforeEach: stubClipboard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CopyField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Your referral link' });
    await expect(field).toHaveValue(referralLink);
    await expect(field).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible();
  },
};

/** Copy, see "Copied", and after 2000 ms see "Copy" again. */
export const Copied: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Copy' });
    const width = button.getBoundingClientRect().width;
    await expectCopiedFor(
      canvas,
      async () => {
        await userEvent.click(button);
        await expect(writeText).toHaveBeenCalledWith(referralLink);
        await expect(args.onCopied).toHaveBeenCalledWith(referralLink);
        await expect(canvas.getByRole('status')).toHaveTextContent('Copied to clipboard');
        // The label changes, the button does not move.
        await expect(button.getBoundingClientRect().width).toBe(width);
      },
      { restingName: 'Copy' },
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** Tab to the button, press Enter. */
export const WithKeyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your referral link' })).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(writeText).toHaveBeenCalledWith(referralLink);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toHaveFocus());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible());
  },
};

/** The browser refused: the value is selected and the person is told how to copy it. */
export const CopyRefused: Story = {
  beforeEach: refuseClipboard,
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    const message = canvas.getByRole('status');
    await expect(message).toHaveTextContent(/copy it with Ctrl\+C/);
    await expect(message).toBeVisible();
    const field = canvas.getByRole<HTMLInputElement>('textbox', { name: 'Your referral link' });
    await expect(field).toHaveAccessibleDescription(/copy it with Ctrl\+C/);
    await waitFor(() => expect(field).toHaveFocus());
    await expect([field.selectionStart, field.selectionEnd]).toEqual([0, referralLink.length]);
    await expect(args.onCopied).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible();
  },
};

export const Monospace: Story = {
  args: { label: 'Transaction reference', value: 'TRX-2024-000184-7QK', mono: true },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Transaction reference' });
    await expect(getComputedStyle(field).fontFamily).toMatch(/Mono/);
  },
};

/**
 * On a phone a long value wraps onto more lines instead of being cut off, and the button shows only
 * its icon (still named "Copy") so the value keeps the room.
 */
export const OnAPhone: Story = {
  args: { value: 'https://ledgerline.example/sign-up?ref=amara.okafor.2024', mono: true },
  parameters: { screenshot: { width: 375, height: 300 } },
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Your referral link' });
    await expect(field).toHaveValue(args.value);
    // Every line shows: nothing scrolls inside the field.
    await expect(field.scrollHeight).toBeLessThanOrEqual(field.clientHeight);
    await expect(field.clientHeight).toBeGreaterThan(50);
    const button = canvas.getByRole('button', { name: 'Copy' });
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(48);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    await userEvent.tab();
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(button).toHaveFocus());
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Your referral link' })).toBeVisible();
    // Still the field's name, but takes no room on screen.
    await expect(canvas.getByText('Your referral link').getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};
