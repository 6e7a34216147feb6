import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Checkbox } from './Checkbox';

/**
 * For a yes/no choice that is submitted with a form: accepting the terms, opting in to e-mails.
 * For a setting that takes effect at once, use Switch. Use `indeterminate` for a "select all" box
 * whose items are partly ticked.
 */
const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'I am 18 or older and accept the Terms of Service', onCheckedChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const name = 'I am 18 or older and accept the Terms of Service';

export const Unchecked: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name })).not.toBeChecked();
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name })).toBeChecked();
  },
};

export const Indeterminate: Story = {
  args: { label: 'Select all transactions', checked: 'indeterminate' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Select all transactions' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  },
};

export const WithDescription: Story = {
  args: {
    label: 'Send me market updates',
    description: 'A short e-mail each week. Unsubscribe at any time.',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('checkbox', { name: 'Send me market updates' }),
    ).toHaveAccessibleDescription('A short e-mail each week. Unsubscribe at any time.');
  },
};

export const WithError: Story = {
  args: { error: 'Please accept the Terms of Service to continue' },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name });
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toHaveAccessibleDescription('Please accept the Terms of Service to continue');
  },
};

export const ToggledByClick: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name });
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label is part of the target.
    await userEvent.click(canvas.getByText(name));
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
  },
};

export const ToggledBySpace: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name });
    await userEvent.tab();
    await waitFor(() => expect(checkbox).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    const checkbox = canvas.getByRole('checkbox', { name });
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox);
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const DisabledChecked: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name });
    await expect(checkbox).toBeDisabled();
    await expect(checkbox).toBeChecked();
  },
};
