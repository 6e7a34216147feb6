import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { TextArea } from './TextArea';

/** For text of several lines: a contact message, a postal address. For one line use TextField. */
const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: 'Message', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { placeholder: 'How can we help?' },
  play: async ({ canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Message' });
    await expect(textbox).toHaveValue('');
    await userEvent.tab();
    await waitFor(() => expect(textbox).toHaveFocus());
  },
};

export const Filled: Story = {
  args: {
    label: 'Address',
    defaultValue: '1200 Market Street\nSuite 400\nSan Francisco, CA 94102',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Address' })).toHaveValue(
      '1200 Market Street\nSuite 400\nSan Francisco, CA 94102',
    );
  },
};

export const Typing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(textbox, 'Hello,{Enter}I cannot see my deposit.');
    await expect(textbox).toHaveValue('Hello,\nI cannot see my deposit.');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = {
  args: { hint: 'Never include your password or recovery phrase.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Never include your password or recovery phrase.',
    );
  },
};

export const WithError: Story = {
  args: { error: 'Please write a message' },
  play: async ({ canvas }) => {
    const textbox = canvas.getByRole('textbox', { name: 'Message' });
    await expect(textbox).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox).toHaveAccessibleDescription('Please write a message');
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message (required)' })).toBeRequired();
  },
};

export const Optional: Story = {
  args: { label: 'Address', optional: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Address (optional)' })).not.toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Sent on 12 March.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  },
};
