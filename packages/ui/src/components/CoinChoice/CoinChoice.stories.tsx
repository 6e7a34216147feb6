import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import type { Coin } from '../CoinIcon/coins';
import { CoinChoice, type CoinChoiceProps } from './CoinChoice';

/** Holds the chosen coin as a form would, so the radios can be used. */
function ControlledCoinChoice({ value: initial, onValueChange, ...props }: CoinChoiceProps) {
  const [value, setValue] = useState<Coin | ''>(initial);
  return (
    <CoinChoice
      {...props}
      value={value}
      onValueChange={(coin) => {
        setValue(coin);
        onValueChange(coin);
      }}
    />
  );
}

/**
 * The coin of a deposit or a withdrawal: Bitcoin, Ethereum or USDT as three radio cards with the
 * coin's mark. One Tab stop; the arrow keys move and choose, as native radios do.
 */
const meta = {
  title: 'Money/CoinChoice',
  component: CoinChoice,
  render: (args) => <ControlledCoinChoice {...args} />,
  args: { label: 'Coin', name: 'coin', value: '', onValueChange: fn(), onBlur: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CoinChoice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: three named radios in a named group. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Coin' })).toBeVisible();
    const radios = canvas.getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['bitcoin', 'ethereum', 'usdt']);
    for (const radio of radios) await expect(radio).not.toBeChecked();
  },
};

/** A click chooses a coin and says which. */
export const Chosen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Ethereum' }));
    await expect(canvas.getByRole('radio', { name: 'Ethereum' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenCalledWith('ethereum');
  },
};

/** Tab reaches the group once; the arrows move the choice. */
export const WithKeyboard: Story = {
  args: { value: 'bitcoin' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Bitcoin' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Ethereum' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('ethereum');
  },
};

/** Submitted without a coin: the message under the cards, and each radio marked invalid. */
export const WithError: Story = {
  args: { error: 'Please choose the coin to withdraw' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Coin' })).toHaveAccessibleDescription(
      'Please choose the coin to withdraw',
    );
    for (const radio of canvas.getAllByRole('radio'))
      await expect(radio).toHaveAttribute('aria-invalid', 'true');
  },
};

/** While a request is sent the choice cannot change. */
export const Disabled: Story = {
  args: { value: 'usdt', disabled: true },
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'USDT' })).toBeChecked();
  },
};
