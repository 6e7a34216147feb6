import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { UsersScreen } from './UsersScreen';

const first = fixtures.adminUsers[0];

/** /admin/users: every account, searched by part of a name or an email. */
const meta = {
  title: 'Screens/Admin/Users',
  component: UsersScreen,
  decorators: [withRouter('/admin/users')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof UsersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListUsers.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the users' })).toBeVisible();
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    if (!first) throw new Error('No user fixture');
    await expect(await canvas.findByRole('link', { name: `Open the page of ${first.email}` })).toBeVisible();
  },
};

/** A search that finds nobody says what was searched. */
export const NobodyFound: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListUsers({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Name or email/), 'zed');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByRole('heading', { name: 'No user’s name or email holds “zed”' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListUsers.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The users could not be loaded' })).toBeVisible();
  },
};
