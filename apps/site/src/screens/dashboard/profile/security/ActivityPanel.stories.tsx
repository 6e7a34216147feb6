import type { Schemas } from '@ledgerline/api-client';
import { mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { ActivityPanel } from './ActivityPanel';

/** Twelve sign-ins, a minute apart, newest first: more than one page of ten. */
const manySignIns: Schemas['ActivityEntry'][] = Array.from({ length: 12 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  kind: 'sign_in',
  createdAt: new Date(Date.UTC(2026, 10, 21, 9, 59 - index)).toISOString(),
  browser: 'Firefox 133',
  system: 'macOS Sonoma',
  address: '192.0.2.0/24',
  detail: null,
}));

const rowHeaders = (canvas: ReturnType<typeof within>) =>
  canvas.getAllByRole('rowheader').map((cell: HTMLElement) => cell.textContent);

/**
 * Profile → Security: the activity log, newest first by pages of ten, each entry's kind and detail,
 * its time, and where it came from ("By the back office" for a review).
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Activity',
  component: ActivityPanel,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  args: { recording: true },
  // As wide as the profile's tab (48rem), where the panel sits.
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 520 } },
} satisfies Meta<typeof ActivityPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listActivity.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the activity entries' })).toBeVisible();
  },
};

export const ActivityList: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: "Your account's activity" });
    await expect(rowHeaders(canvas)).toEqual([
      'Withdrawal requestedWDR-3H8N5R2T, $300.00',
      'Deposit approvedDEP-7K2M9Q4X, $1,250.50',
      'Signed in',
      'Failed sign-in',
      'Two-factor turned on',
    ]);
    const approved = canvas.getByRole('row', { name: /^Deposit approved/ });
    await expect(within(approved).getByText('By the back office')).toBeVisible();
    await expect(within(approved).getByText('DEP-7K2M9Q4X, $1,250.50')).toBeVisible();
    const signIn = canvas.getByRole('row', { name: /^Signed in/ });
    await expect(within(signIn).getByText('Chrome 131 · Windows 10 · 203.0.113.0/24')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
    await expect(canvas.queryByText(/nothing new is recorded/)).toBeNull();
  },
};

/** With "Save my Activity Logs" off, a line says nothing new is recorded; the past entries stay. */
export const NotRecording: Story = {
  args: { recording: false },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('"Save my Activity Logs" is off: nothing new is recorded while it is off.'),
    ).toBeVisible();
    await expect(await canvas.findAllByRole('rowheader')).toHaveLength(5);
  },
};

export const ActivityEmpty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listActivity({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No activity recorded yet' })).toBeVisible();
  },
};

export const ActivityFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listActivity.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The activity entries could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByText('Internal error')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Ten entries, then "Load more" asks for the next page by its cursor and adds the rest. */
export const LoadMore: Story = {
  parameters: { screenshot: { width: 800, height: 1000 } },
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/v1/users/activity', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'page-2'
            ? { items: manySignIns.slice(10), nextCursor: null }
            : { items: manySignIns.slice(0, 10), nextCursor: 'page-2' },
        );
      }),
    );
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('rowheader')).toHaveLength(10));
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('rowheader')).toHaveLength(12));
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};
