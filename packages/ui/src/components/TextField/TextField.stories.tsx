import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { TextField } from './TextField';

/**
 * For short free text: a name, an e-mail address, a wallet address, a search. Use `type="email"` for
 * e-mail (the right keyboard on phones). For a password, a phone number, an amount or several lines,
 * use PasswordField, PhoneField, MoneyField or TextArea.
 */
const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Full name', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'e.g. Jane Cooper' },
  play: async ({ canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toHaveValue('');
    await expect(textbox).toHaveAttribute('type', 'text');
    await userEvent.tab();
    await waitFor(() => expect(textbox).toHaveFocus());
  },
};

export const Filled: Story = {
  args: { defaultValue: 'Jane Cooper' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Full name' })).toHaveValue('Jane Cooper');
  },
};

export const Typing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await userEvent.type(textbox, 'Jane Cooper');
    await expect(textbox).toHaveValue('Jane Cooper');
    await expect(args.onChange).toHaveBeenCalledTimes('Jane Cooper'.length);
  },
};

export const WithHint: Story = {
  args: { label: 'Email', type: 'email', hint: 'We send a confirmation link to this address.' },
  play: async ({ canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Email' });
    await expect(textbox).toHaveAttribute('type', 'email');
    await expect(textbox).toHaveAccessibleDescription('We send a confirmation link to this address.');
    await userEvent.type(textbox, 'jane@example.com');
    await expect(textbox).toHaveValue('jane@example.com');
  },
};

export const WithError: Story = {
  args: { label: 'Email', type: 'email', defaultValue: 'jane@', error: 'Provide a valid email' },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Email' });
    await expect(textbox).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox).toHaveAccessibleDescription('Provide a valid email');
  },
};

export const Required: Story = {
  args: { label: 'Email', type: 'email', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email (required)' })).toBeRequired();
  },
};

export const Optional: Story = {
  args: { label: 'Referral ID', optional: true, placeholder: 'e.g. 6f3a9c' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Referral ID (optional)' })).not.toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Jane Cooper' },
  play: async ({ args, canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Full name' });
    await expect(textbox).toBeDisabled();
    await userEvent.type(textbox, 'x');
    await expect(textbox).toHaveValue('Jane Cooper');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Search: Story = {
  args: { label: 'Search transactions', type: 'search', placeholder: 'Reference or address' },
  play: async ({ canvas, userEvent }) => {
    const searchbox = canvas.getByRole('searchbox', { name: 'Search transactions' });
    await userEvent.type(searchbox, 'TRX-1042');
    await expect(searchbox).toHaveValue('TRX-1042');
  },
};
