import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PhoneField } from './PhoneField';

/**
 * For a phone number (sign-up, profile), written the way the chosen `country` writes numbers. It
 * formats as the person types or pastes: in the US an optional `+1 ` then `(xxx) xxx-xxxx`, in the
 * United Kingdom `07700 900123`, and a number starting with `+` as its own country writes it.
 * `onValueChange` gets the formatted text. Backspace and Delete step over the separators, so editing
 * feels like plain text.
 */
const meta = {
  title: 'Forms/PhoneField',
  component: PhoneField,
  args: { label: 'Phone number', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PhoneField>;
export default meta;
type Story = StoryObj<typeof meta>;

const phoneInput = (canvas: { getByRole: (role: 'textbox', options: { name: string }) => HTMLElement }) =>
  canvas.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = phoneInput(canvas);
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('type', 'tel');
    await expect(input).toHaveAttribute('autocomplete', 'tel');
  },
};

export const Filled: Story = {
  args: { defaultValue: '+15551234567' },
  play: async ({ canvas }) => {
    await expect(phoneInput(canvas)).toHaveValue('+1 (555) 123-4567');
  },
};

export const FormatsWhileTyping: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.type(input, '555');
    await expect(input).toHaveValue('(555');
    await userEvent.type(input, '1');
    await expect(input).toHaveValue('(555) 1');
    await userEvent.type(input, '234');
    await expect(input).toHaveValue('(555) 123-4');
    await userEvent.type(input, '567');
    await expect(input).toHaveValue('(555) 123-4567');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('(555) 123-4567');
    // Ten digits make a US number: more are ignored.
    await userEvent.type(input, '89');
    await expect(input).toHaveValue('(555) 123-4567');
    await expect(args.onValueChange).toHaveBeenCalledTimes(10);
  },
};

export const WithCountryCode: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.type(input, '+1');
    await expect(input).toHaveValue('+1');
    await userEvent.type(input, '5551234567');
    await expect(input).toHaveValue('+1 (555) 123-4567');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+1 (555) 123-4567');
  },
};

export const InTheUnitedKingdom: Story = {
  args: { country: 'GB' },
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.type(input, '07700900123');
    await expect(input).toHaveValue('07700 900123');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('07700 900123');
  },
};

export const AnotherCountryInternational: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    // A UK number typed in a US field keeps its own country code and grouping.
    await userEvent.type(input, '+447700900123');
    await expect(input).toHaveValue('+44 7700 900123');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+44 7700 900123');
  },
};

export const PastedNational: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.click(input);
    await userEvent.paste('5551234567');
    await expect(input).toHaveValue('(555) 123-4567');
    await expect(args.onValueChange).toHaveBeenCalledWith('(555) 123-4567');
  },
};

export const PastedInternational: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.click(input);
    await userEvent.paste('+1 555 123 4567');
    await expect(input).toHaveValue('+1 (555) 123-4567');
    await expect(args.onValueChange).toHaveBeenCalledWith('+1 (555) 123-4567');
  },
};

export const Backspace: Story = {
  args: { defaultValue: '(555) 123-4567' },
  play: async ({ args, canvas, userEvent }) => {
    const input = phoneInput(canvas);
    await userEvent.click(input);
    await userEvent.keyboard('{End}{Backspace}');
    await expect(input).toHaveValue('(555) 123-456');
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    // The separator goes with the digit after it.
    await expect(input).toHaveValue('(555) 123');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('(555) 123');
    await userEvent.type(input, '4567');
    await expect(input).toHaveValue('(555) 123-4567');
    // Backspace just after a separator deletes the digit before it, and the caret stays put.
    input.setSelectionRange(10, 10);
    await userEvent.keyboard('{Backspace}');
    await expect(input).toHaveValue('(555) 124-567');
    await expect(input.selectionStart).toBe(8);
    await userEvent.keyboard('3');
    await expect(input).toHaveValue('(555) 123-4567');
    await expect(input.selectionStart).toBe(9);
  },
};

export const WithHint: Story = {
  args: { hint: 'A US number. We call only about your account.' },
  play: async ({ canvas }) => {
    await expect(phoneInput(canvas)).toHaveAccessibleDescription(
      'A US number. We call only about your account.',
    );
  },
};

export const WithError: Story = {
  args: { error: 'Phone number is required' },
  play: async ({ canvas }) => {
    const input = phoneInput(canvas);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Phone number is required');
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Phone number (required)' })).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '5551234567' },
  play: async ({ canvas }) => {
    const input = phoneInput(canvas);
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('(555) 123-4567');
  },
};
