import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Money } from './Money';

/**
 * Every USD amount the product shows: balances, tiles, transactions. Pass the API's number (or a
 * decimal string) as `amount`; pick `display="code"` for `1,250.00 USD` and `sign` for ledger lines
 * (`+ 1,250.00 USD` for deposits, `- 80.00 USD` for withdrawals). Digits are tabular, so amounts
 * line up in columns.
 */
const meta = {
  title: 'Money/Money',
  component: Money,
  args: { amount: 1250 },
} satisfies Meta<typeof Money>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('$1,250.00')).toBeVisible();
  },
};

export const CurrencyCode: Story = {
  args: { display: 'code' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1,250.00 USD')).toBeVisible();
  },
};

export const Credit: Story = {
  args: { display: 'code', sign: 'credit' },
  play: async ({ canvas }) => {
    const amount = canvas.getByText('+ 1,250.00 USD');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAttribute('value', '1250.00');
  },
};

export const Debit: Story = {
  args: { amount: 80, display: 'code', sign: 'debit' },
  play: async ({ canvas }) => {
    const amount = canvas.getByText('- 80.00 USD');
    await expect(amount).toBeVisible();
    await expect(amount).toHaveAttribute('value', '-80.00');
  },
};

export const Uncolored: Story = {
  args: { amount: 80, display: 'code', sign: 'debit', colored: false },
  play: async ({ canvas }) => {
    // The sign alone says it is a debit.
    await expect(canvas.getByText('- 80.00 USD')).toBeVisible();
  },
};

export const Negative: Story = {
  args: { amount: -80.5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('-$80.50')).toBeVisible();
  },
};

export const FromDecimalString: Story = {
  args: { amount: '1250.5' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('$1,250.50')).toBeVisible();
  },
};

/** Rounded as decimals, half away from zero: no floating-point drift (1.005 is not 1.00). */
export const Rounding: Story = {
  render: () => (
    <ul style={{ margin: 0, paddingLeft: vars.space.xl, lineHeight: vars.lineHeight.relaxed }}>
      <li>
        <Money amount={1.005} />
      </li>
      <li>
        <Money amount="2.675" />
      </li>
      <li>
        <Money amount={0.1 + 0.2} />
      </li>
      <li>
        <Money amount="1000000" display="code" />
      </li>
      <li>
        <Money amount={-0.001} />
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole('listitem').map((item) => item.textContent);
    await expect(items).toEqual(['$1.01', '$2.68', '$0.30', '1,000,000.00 USD', '$0.00']);
  },
};

export const NotANumber: Story = {
  args: { amount: 'pending' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('—')).toBeVisible();
  },
};

/** Amounts in a column line up digit under digit. */
export const TabularDigits: Story = {
  render: () => (
    <div
      style={{
        display: 'inline-grid',
        justifyItems: 'end',
        gap: vars.space.xs,
        fontSize: vars.fontSize.lg,
      }}
    >
      <Money amount={1111.11} display="code" sign="credit" />
      <Money amount={8888.88} display="code" sign="debit" />
      <Money amount={1250} display="code" sign="credit" />
    </div>
  ),
  play: async ({ canvas }) => {
    const widths = ['+ 1,111.11 USD', '- 8,888.88 USD', '+ 1,250.00 USD'].map(
      (text) => canvas.getByText(text).getBoundingClientRect().width,
    );
    // Tabular numerals: every digit has the same advance, so same-length amounts are equally wide.
    await expect(Math.abs((widths[0] ?? 0) - (widths[2] ?? 0))).toBeLessThan(0.5);
    await expect(getComputedStyle(canvas.getByText('+ 1,250.00 USD')).fontVariantNumeric).toBe(
      'tabular-nums',
    );
  },
};
