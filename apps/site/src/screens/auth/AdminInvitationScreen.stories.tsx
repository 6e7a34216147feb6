import type { Schemas } from '@ledgerline/api-client';
import { mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { AdminInvitationScreen } from './AdminInvitationScreen';

/** What the page sent, as the server heard it. */
const accepted: SentRequest<Schemas['AcceptAdminInvitationRequest']>[] = [];

/** /admin-invitation?token=: "Join the back office", then the outcome. */
const meta = {
  title: 'Site/Auth/AdminInvitation',
  component: AdminInvitationScreen,
  decorators: [withRouter('/admin-invitation')],
  parameters: { layout: 'fullscreen' },
  args: { token: 'story-invitation' },
} satisfies Meta<typeof AdminInvitationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillIn(canvas: Parameters<NonNullable<Story['play']>>[0]['canvas']) {
  await userEvent.type(canvas.getByRole('textbox', { name: /^Full name/ }), 'Grace Hopper');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'plum-orbit-lantern-42');
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'plum-orbit-lantern-42');
  await userEvent.click(canvas.getByRole('button', { name: 'Join the back office' }));
}

export const Form: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Join the back office' }));
    await expect(await canvas.findByText('Full name is required')).toBeVisible();
  },
};

/** Accepted: the server's message and the way to sign in. */
export const Joined: Story = {
  beforeEach({ msw }) {
    accepted.length = 0;
    msw.use(mocks.acceptAdminInvitation.record(accepted));
  },
  play: async ({ canvas }) => {
    await fillIn(canvas);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Welcome to the back office' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('You joined the back office. Sign in with grace.hopper@example.com.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    await expect(accepted.map((request) => request.body)).toEqual([
      { token: 'story-invitation', fullname: 'Grace Hopper', password: 'plum-orbit-lantern-42' },
    ]);
  },
};

/** A used, expired or unknown link: the server's reason. */
export const InvalidLink: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.acceptAdminInvitation.error(
        400,
        'This invitation has expired: it was valid for 72 hours. Ask an admin to invite you again.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await fillIn(canvas);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'This invitation does not work' }),
    ).toBeVisible();
    await expect(canvas.getByText(/This invitation has expired/)).toBeVisible();
  },
};

export const IncompleteLink: Story = {
  args: { token: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'This invitation does not work' }),
    ).toBeVisible();
    await expect(canvas.getByText('This link is incomplete. Open it exactly as it was sent.')).toBeVisible();
  },
};
