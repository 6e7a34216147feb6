import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Steps } from './Steps';

const howItWorks = [
  {
    title: 'Register',
    description: 'Create your account in a few minutes with your name, email and phone number.',
  },
  {
    title: 'Verify with identity documents (KYC)',
    description: 'Upload your passport so we can confirm who you are and keep your account safe.',
  },
  { title: 'Deposit Funds', description: 'Fund your account by bank transfer, card or crypto.' },
  {
    title: 'Automated Trading',
    description: 'Choose a strategy and set your risk rules; trading follows them automatically.',
  },
  {
    title: 'Withdrawal',
    description: 'Withdraw your profit within the limits and processing times of your plan.',
  },
];

const referral = [
  { title: 'Send invitation', description: 'Share your referral link with friends and family.' },
  { title: 'Registration', description: 'They create an account through your link.' },
  { title: 'Get referral bonus', description: 'Your bonus is added to your balance when they invest.' },
];

const tops = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((step) => Math.round(step.getBoundingClientRect().top));

/**
 * The steps of a process in order: the home page's how-it-works, the referral program. An ordered
 * list, so screen readers say how many steps there are; each number is read as "Step 1". Use
 * `orientation="horizontal"` where the steps may stand side by side on wide screens.
 */
const meta = {
  title: 'Structure/Steps',
  component: Steps,
  args: { steps: howItWorks },
} satisfies Meta<typeof Steps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The five steps of how it works, one under the other. */
export const HowItWorks: Story = {
  parameters: { screenshot: { width: 800, height: 720 } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    await expect(steps).toHaveLength(5);
    await expect(steps[1]).toHaveTextContent(/^Step 2/);
    await expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Register',
      'Verify with identity documents (KYC)',
      'Deposit Funds',
      'Automated Trading',
      'Withdrawal',
    ]);
    const [first, second] = tops(list);
    await expect(second).toBeGreaterThan(first ?? 0);
  },
};

/** Horizontal on a wide screen: five columns. */
export const HowItWorksWide: Story = {
  args: { orientation: 'horizontal' },
  parameters: { screenshot: { width: 1280, height: 400 } },
  play: async ({ canvas }) => {
    await expect(new Set(tops(canvas.getByRole('list'))).size).toBe(1);
  },
};

/** Horizontal asked for, but on a phone there is no room: vertical. */
export const HowItWorksNarrow: Story = {
  args: { orientation: 'horizontal' },
  parameters: { screenshot: { width: 375, height: 720 } },
  play: async ({ canvas }) => {
    await expect(new Set(tops(canvas.getByRole('list'))).size).toBe(5);
  },
};

/** The referral program's three steps. */
export const Referral: Story = {
  args: { steps: referral, orientation: 'horizontal' },
  parameters: { screenshot: { width: 1280, height: 360 } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('heading', { name: 'Get referral bonus' })).toBeVisible();
    await expect(new Set(tops(list)).size).toBe(1);
  },
};

/** Titles only, as h4, in a narrow column. */
export const TitlesOnly: Story = {
  args: { steps: referral.map(({ title }) => ({ title })), titleAs: 'h4' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 4 })).toHaveLength(3);
  },
};
