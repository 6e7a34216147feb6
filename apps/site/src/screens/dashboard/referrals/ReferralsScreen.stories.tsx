import { mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import { expectCopiedFor } from '@ledgerline/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { withDashboardMain } from '../shared/storyFrame';
import { ReferralsScreen } from './ReferralsScreen';

/** The headless browser has no clipboard: a stand-in whose writes the play function can read. */
const writeText = fn(async (_text: string): Promise<void> => {});

/**
 * /dashboard/referral-program: the three steps, the copyable referral link, and the people referred
 * (masked name, date joined, first deposit approved or not, bonus) with the bonuses earned.
 */
const meta = {
  title: 'Site/Dashboard/ReferralProgram',
  component: ReferralsScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/referral-program')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1024, height: 1000 } },
  beforeEach() {
    toast.remove();
    writeText.mockReset();
    writeText.mockImplementation(async () => {});
    // The real clipboard is a getter on Navigator.prototype: an own property shadows it.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      Reflect.deleteProperty(navigator, 'clipboard');
      toast.remove();
    };
  },
} satisfies Meta<typeof ReferralsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.slow(), mocks.listReferrals.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Referral Program' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading your referral link' })).toBeVisible();
    await expect(canvas.getByText('Loading your referrals…')).toBeVisible();
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    await expect(steps).toEqual(['Send invitation', 'Registration', 'Get referral bonus']);
    await expect(await canvas.findByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      'http://127.0.0.1:3000/sign-up?ref=jane7k2q',
    );
    const table = await canvas.findByRole('table', { name: 'People you referred' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const rows = within(table).getAllByRole('row').slice(1);
    // Each row's text, with the labels its cells show only when the rows are stacked on a phone.
    await expect(rows.map((row) => row.textContent)).toEqual([
      'o***a b***nJoinedNov 20, 2026Not yetBonus0.00 USD',
      'm***a s***hJoinedNov 18, 2026Not yetBonus0.00 USD',
      'j***n d***JoinedNov 10, 2026ApprovedBonus50.00 USD',
    ]);
    await expect(canvas.getByText('Bonuses earned:')).toHaveTextContent('Bonuses earned: 50.00 USD');
  },
};

/** Copy puts the exact link on the clipboard; the button says "Copied" for 2000 ms. */
export const CopyLink: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'Your referral link' });
    await expectCopiedFor(
      canvas,
      async () => {
        await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
        await expect(writeText).toHaveBeenCalledWith('http://127.0.0.1:3000/sign-up?ref=jane7k2q');
      },
      { restingName: 'Copy' },
    );
  },
};

/** Nobody has signed up with the link yet. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listReferrals({ body: { items: [], totalBonus: 0 } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No referrals yet' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The referrals could not be loaded: the server's message as an error toast. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listReferrals.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(screen.getByText('Internal error')).toBeVisible());
    await expect(canvas.getByText('Your referrals could not be loaded.')).toBeVisible();
    // The link comes from elsewhere and still shows.
    await expect(await canvas.findByRole('textbox', { name: 'Your referral link' })).toBeVisible();
    toast.remove();
  },
};

/** A failed referral-link fetch is ignored silently; the field is left out. */
export const LinkUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'People you referred' });
    await waitFor(() =>
      expect(canvas.queryByRole('status', { name: 'Loading your referral link' })).toBeNull(),
    );
    await expect(canvas.queryByRole('textbox', { name: 'Your referral link' })).toBeNull();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

/**
 * A 375 px phone: the whole link is readable (it wraps rather than being cut off) and the Copy
 * button is a compact icon button, still named "Copy".
 */
export const LinkOnAPhone: Story = {
  parameters: { screenshot: { width: 375, height: 1100 } },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('textbox', { name: 'Your referral link' });
    await expect(link).toHaveValue('http://127.0.0.1:3000/sign-up?ref=jane7k2q');
    // Every line of the link shows: nothing scrolls inside the field.
    await expect(link.scrollHeight).toBeLessThanOrEqual(link.clientHeight);
    await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
    const copy = canvas.getByRole('button', { name: 'Copy' });
    await expect(copy.getBoundingClientRect().width).toBeLessThanOrEqual(48);
    await expect(link.getBoundingClientRect().width).toBeGreaterThan(3 * copy.getBoundingClientRect().width);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 1400 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'Your referral link' });
    await canvas.findByRole('table', { name: 'People you referred' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
