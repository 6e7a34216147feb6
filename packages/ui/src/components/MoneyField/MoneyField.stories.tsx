import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MoneyField } from './MoneyField';

/**
 * For an amount in US dollars (deposit, withdrawal). It accepts digits and one point with at most
 * two decimals, shows `1,250.50` when the person leaves it, and reports a decimal string
 * (`"1250.5"`, `"1250.50"`), never a float, so no cent is lost on the way to the ledger.
 */
const meta = {
  title: 'Forms/MoneyField',
  component: MoneyField,
  args: { label: 'Amount in USD', placeholder: '0.00', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MoneyField>;
export default meta;
type Story = StoryObj<typeof meta>;

const amountInput = (canvas: { getByRole: (role: 'textbox', options: { name: RegExp }) => HTMLElement }) =>
  canvas.getByRole('textbox', { name: /^Amount in USD/ }) as HTMLInputElement;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = amountInput(canvas);
    await expect(input).toHaveValue('');
    await expect(input).toHaveAttribute('inputmode', 'decimal');
    await expect(canvas.getByText('$')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Filled: Story = {
  args: { defaultValue: '1250.5' },
  play: async ({ canvas }) => {
    await expect(amountInput(canvas)).toHaveValue('1,250.50');
  },
};

export const Typing: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = amountInput(canvas);
    await userEvent.type(input, '1250.5');
    await expect(input).toHaveValue('1250.5');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1250.5');
    // Leaving the field groups the digits and fills in the cents.
    await userEvent.tab();
    await expect(input).toHaveValue('1,250.50');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1250.50');
    for (const [amount] of (args.onValueChange as ReturnType<typeof fn>).mock.calls) {
      await expect(typeof amount).toBe('string');
    }
  },
};

export const OnlyAnAmountIsAccepted: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = amountInput(canvas);
    // Letters, a second point and a third decimal do nothing.
    await userEvent.type(input, '12a.3.456');
    await expect(input).toHaveValue('12.34');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('12.34');
    await userEvent.type(input, '{Backspace}{Backspace}{Backspace}-5');
    await expect(input).toHaveValue('125');
  },
};

export const EditingShowsPlainDigits: Story = {
  args: { defaultValue: '1250000' },
  play: async ({ args, canvas, userEvent }) => {
    const input = amountInput(canvas);
    await expect(input).toHaveValue('1,250,000.00');
    await userEvent.click(input);
    await expect(input).toHaveValue('1250000.00');
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    await expect(input).toHaveValue('1250000');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1250000');
    await userEvent.tab();
    await expect(input).toHaveValue('1,250,000.00');
  },
};

export const PastedWithGrouping: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const input = amountInput(canvas);
    await userEvent.click(input);
    await userEvent.paste('$1,250.50');
    await expect(input).toHaveValue('1250.50');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1250.50');
  },
};

export const WithHint: Story = {
  args: { hint: 'Transaction fee: 0 USD.' },
  play: async ({ canvas }) => {
    await expect(amountInput(canvas)).toHaveAccessibleDescription('Transaction fee: 0 USD.');
  },
};

export const WithError: Story = {
  args: { error: 'Please input deposit amount in USD' },
  play: async ({ canvas }) => {
    const input = amountInput(canvas);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please input deposit amount in USD');
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Amount in USD (required)' })).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '80' },
  play: async ({ canvas }) => {
    const input = amountInput(canvas);
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('80.00');
  },
};
