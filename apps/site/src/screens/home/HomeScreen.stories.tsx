import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { HomeScreen } from './HomeScreen';

/** `/`: the heroes, the six asset classes, five security commitments, five steps and the FAQ. */
const meta = {
  title: 'Site/Public/Home',
  component: HomeScreen,
  decorators: [withRouter('/')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const asset of [
      'Stocks',
      'Cryptocurrencies',
      'Crypto Indices',
      'Precious Metals',
      'Commodities',
      'ETFs',
    ]) {
      await expect(canvas.getByRole('heading', { name: asset })).toBeVisible();
    }
  },
};

/** One question open at a time; the first at first; a click makes another the open one. */
export const FaqOneOpen: Story = {
  play: async ({ canvas }) => {
    const faq = within(canvas.getByRole('region', { name: 'Frequently asked questions' }));
    const questions = faq.getAllByRole('button');
    await expect(questions).toHaveLength(9);
    await expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(questions[2] as HTMLElement);
    await expect(questions[2]).toHaveAttribute('aria-expanded', 'true');
    await expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    await expect(
      questions.filter((question) => question.getAttribute('aria-expanded') === 'true'),
    ).toHaveLength(1);
  },
};
