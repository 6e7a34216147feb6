import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { PlanCard, type PlanCardProps } from './PlanCard';

const everyPlan = [
  'Automated trading with configurable strategies and risk rules',
  'Deposits in Bitcoin, Ethereum or USDT',
  'Every deposit, withdrawal and profit in your history',
  'Withdrawals reviewed by our team before they are sent',
];
const elite = [...everyPlan, 'Live chat and phone support', 'Consultations with our team'];
const within48Hours = 'Support response within 48 hours';
const within24Hours = 'Support response within 24 hours';
const liveSupport = 'Live chat, phone support and consultations';

/** The eight trading plans, Student to Diamond, with their amounts in pounds. */
const plans: Pick<PlanCardProps, 'title' | 'subtitle' | 'range' | 'support' | 'features'>[] = [
  {
    title: 'Student',
    subtitle: 'Essential',
    range: '£100 – £1,999.99',
    support: within48Hours,
    features: everyPlan,
  },
  {
    title: 'Basic',
    subtitle: 'Essential',
    range: '£2,000 – £19,999.99',
    support: within48Hours,
    features: everyPlan,
  },
  {
    title: 'Standard',
    subtitle: 'Advanced',
    range: '£20,000 – £49,999.99',
    support: within24Hours,
    features: everyPlan,
  },
  {
    title: 'Bronze',
    subtitle: 'Advanced',
    range: '£50,000 – £99,999.99',
    support: within24Hours,
    features: everyPlan,
  },
  {
    title: 'Silver',
    subtitle: 'Professional',
    range: '£100,000 – £500,000',
    support: within24Hours,
    features: everyPlan,
  },
  {
    title: 'Gold',
    subtitle: 'Professional',
    range: '£500,000 – £999,999.99',
    support: within24Hours,
    features: everyPlan,
  },
  {
    title: 'Platinum',
    subtitle: 'Elite Trading',
    range: '£1,000,000 – £5,000,000',
    support: liveSupport,
    features: elite,
  },
  {
    title: 'Diamond',
    subtitle: 'Elite Trading',
    range: 'Above £5,000,000',
    support: liveSupport,
    features: elite,
  },
];

const investNow = fn();

function InvestNow() {
  return (
    <Button asChild fullWidth>
      <a
        href="/dashboard/deposit"
        onClick={(event) => {
          event.preventDefault();
          investNow();
        }}
      >
        Invest Now
      </a>
    </Button>
  );
}

/**
 * A trading plan on the dashboard's Trading Plans page: name, tier, the capital range in pounds,
 * the support it includes, its features and "Invest Now" (to /dashboard/deposit). Show all eight in
 * a grid; the cards of a row share their height and line up their actions.
 */
const meta = {
  title: 'Product/PlanCard',
  component: PlanCard,
  args: {
    title: 'Student',
    subtitle: 'Essential',
    range: '£100 – £1,999.99',
    support: within48Hours,
    features: everyPlan,
    action: <InvestNow />,
  },
} satisfies Meta<typeof PlanCard>;
export default meta;

/** One card at the width of a grid column. */
const column: Decorator = (Story) => (
  <div style={{ maxWidth: 340 }}>
    <Story />
  </div>
);
type Story = StoryObj<typeof meta>;

/** One plan. */
export const Default: Story = {
  decorators: [column],
  play: async ({ canvas, userEvent }) => {
    const plan = canvas.getByRole('article');
    await expect(within(plan).getByRole('heading', { level: 3, name: 'Student' })).toBeVisible();
    await expect(plan).toHaveTextContent('Essential');
    await expect(plan).toHaveTextContent('£100 – £1,999.99');
    await expect(plan).toHaveTextContent('Support response within 48 hours');
    await expect(within(plan).getAllByRole('listitem')).toHaveLength(4);
    const action = within(plan).getByRole('link', { name: 'Invest Now' });
    await expect(action).toHaveAttribute('href', '/dashboard/deposit');
    await userEvent.tab();
    await waitFor(() => expect(action).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(investNow).toHaveBeenCalled();
  },
};

/** The eight plans in a responsive grid: three across on a wide screen, actions on one line per row. */
export const AllPlans: Story = {
  parameters: { screenshot: { width: 1280, height: 1720 } },
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: vars.space.xl,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
      }}
    >
      {plans.map((plan) => (
        <PlanCard key={String(plan.title)} {...plan} action={<InvestNow />} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article');
    await expect(cards).toHaveLength(8);
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Student',
      'Basic',
      'Standard',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    await expect(cards[7]).toHaveTextContent('Above £5,000,000');
    await expect(cards[7]).toHaveTextContent('Live chat, phone support and consultations');
    // The actions of a row line up.
    const actions = canvas.getAllByRole('link', { name: 'Invest Now' });
    const tops = actions.slice(0, 3).map((action) => Math.round(action.getBoundingClientRect().top));
    await expect(new Set(tops).size).toBe(1);
  },
};

/** Without an action, e.g. on a public page before sign-in. */
export const WithoutAction: Story = {
  decorators: [column],
  args: { action: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/**
 * The person's own plan: framed in the accent colour and badged, with the range in another currency
 * under it and more for this person (here, the funds it may invest in) between support and features.
 */
export const Current: Story = {
  decorators: [column],
  args: {
    current: true,
    rangeNote: '≈ $127.00 to $2,539.98 at £1 = $1.27',
    children: (
      <p style={{ margin: 0, fontSize: vars.fontSize.sm }}>Funds it can invest in: Trend follower BTC</p>
    ),
  },
  play: async ({ canvas }) => {
    const plan = within(canvas.getByRole('article'));
    await expect(plan.getByRole('heading', { level: 3, name: 'Student' })).toBeVisible();
    await expect(plan.getByText('Your plan')).toBeVisible();
    await expect(plan.getByText('≈ $127.00 to $2,539.98 at £1 = $1.27')).toBeVisible();
    await expect(plan.getByText(/Funds it can invest in/)).toBeVisible();
  },
};
