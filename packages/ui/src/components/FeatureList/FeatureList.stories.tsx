import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FeatureList } from './FeatureList';

/**
 * What a plan or an offer includes, each line after a tick. Use it inside `PlanCard` and in
 * marketing blocks; for steps in order use `Steps`, for questions use `Accordion`.
 */
const meta = {
  title: 'Product/FeatureList',
  component: FeatureList,
  args: {
    features: [
      'Automated trading with configurable strategies and risk rules',
      'Deposits in Bitcoin, Ethereum or USDT',
      'Every deposit, withdrawal and profit in your history',
      'Withdrawals reviewed by our team before they are sent',
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FeatureList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[1]).toHaveTextContent('Deposits in Bitcoin, Ethereum or USDT');
    // The ticks are decorative: nothing but the text is announced.
    await expect(list.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(4);
  },
};

/** A long feature wraps under its own text, the tick stays on the first line. */
export const LongFeature: Story = {
  args: {
    features: [
      'Live chat and phone support with a named account manager who knows your plan, your deposits and your goals',
      'Consultations with our team',
    ],
  },
  play: async ({ canvas }) => {
    const [long, short] = canvas.getAllByRole('listitem');
    if (!long || !short) throw new Error('expected two features');
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(short.getBoundingClientRect().height);
  },
};
