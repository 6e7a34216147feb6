import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PasswordField } from './PasswordField';

/**
 * For a password: sign-in, sign-up, reset and change password. The Show/Hide toggle lets a person
 * check what they typed; it keeps the value and the caret. Set `autoComplete` to `current-password`
 * or `new-password` so password managers help.
 */
const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password', autoComplete: 'current-password', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A password input has no role: find it by its label. */
const passwordInput = (canvas: { getByLabelText: (text: string) => HTMLElement }, text = 'Password') =>
  canvas.getByLabelText(text) as HTMLInputElement;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = passwordInput(canvas);
    await expect(input).toHaveAttribute('type', 'password');
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Filled: Story = {
  args: { defaultValue: 'correct horse' },
  play: async ({ canvas }) => {
    const input = passwordInput(canvas);
    await expect(input).toHaveValue('correct horse');
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const Shown: Story = {
  args: { defaultValue: 'hunter22' },
  play: async ({ canvas, userEvent }) => {
    const input = passwordInput(canvas);
    await userEvent.click(input);
    // Put the caret between "hunter" and "22".
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    await expect(input.selectionStart).toBe(6);

    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    const toggle = canvas.getByRole('button', { name: 'Hide password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveAttribute('type', 'text');
    // Same value, focus and caret: typing goes on where it was.
    await expect(input).toHaveValue('hunter22');
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input.selectionStart).toBe(6);
    await userEvent.keyboard('!');
    await expect(input).toHaveValue('hunter!22');
  },
};

export const HiddenAgainByKeyboard: Story = {
  args: { defaultValue: 'hunter22', defaultVisible: true },
  play: async ({ canvas, userEvent }) => {
    const input = passwordInput(canvas);
    await expect(input).toHaveAttribute('type', 'text');
    // Tab into the input, then to the toggle; Enter and Space press it.
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Hide password' });
    await waitFor(() => expect(toggle).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveValue('hunter22');
  },
};

export const WithHint: Story = {
  args: { label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  play: async ({ canvas, userEvent }) => {
    const input = passwordInput(canvas, 'New password');
    await expect(input).toHaveAccessibleDescription('At least 8 characters.');
    await userEvent.type(input, 'a-long-passphrase');
    await expect(input).toHaveValue('a-long-passphrase');
  },
};

export const WithError: Story = {
  args: { error: 'Password is required' },
  play: async ({ canvas }) => {
    const input = passwordInput(canvas);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password is required');
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(passwordInput(canvas, 'Password (required)')).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'correct horse' },
  play: async ({ canvas }) => {
    await expect(passwordInput(canvas)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
