import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Switch } from './Switch';

/**
 * For a setting that takes effect as soon as it is flipped, like "Save my Activity Logs". It is
 * always labelled; add a description when the label alone does not say what happens. For a choice
 * that is submitted with a form (accepting the terms), use Checkbox.
 */
const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { label: 'Save my Activity Logs', onCheckedChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvas }) => {
    const control = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await expect(control).not.toBeChecked();
    await expect(control).toHaveAttribute('aria-checked', 'false');
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Save my Activity Logs' })).toBeChecked();
  },
};

export const WithDescription: Story = {
  args: {
    defaultChecked: true,
    description: 'Keep a record of sign-ins and changes to your account for 90 days.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Save my Activity Logs' })).toHaveAccessibleDescription(
      'Keep a record of sign-ins and changes to your account for 90 days.',
    );
  },
};

export const ToggledByClick: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const control = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label is part of the target.
    await userEvent.click(canvas.getByText('Save my Activity Logs'));
    await expect(control).not.toBeChecked();
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3);
  },
};

export const ToggledBySpace: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const control = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await userEvent.tab();
    await waitFor(() => expect(control).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
    await userEvent.keyboard(' ');
    await expect(control).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true, description: 'Your administrator manages this setting.' },
  play: async ({ args, canvas, userEvent }) => {
    const control = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await expect(control).toBeDisabled();
    await userEvent.click(control);
    await expect(control).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const DisabledOn: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas }) => {
    const control = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await expect(control).toBeDisabled();
    await expect(control).toBeChecked();
  },
};
