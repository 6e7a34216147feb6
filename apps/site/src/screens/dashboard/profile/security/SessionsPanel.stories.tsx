import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { SessionsPanel } from './SessionsPanel';

const [thisDevice, phone] = fixtures.sessionList as [Schemas['SessionInfo'], Schemas['SessionInfo']];

/** The sessions the server holds in a story: signing out removes them, and the next GET answers the rest. */
let sessions: Schemas['SessionInfo'][] = fixtures.sessionList;
/** Every sign-out the story sent: a session's id, or "others". */
let signedOut: string[] = [];

const sessionServer = [
  http.get('*/api/v1/auth/sessions', () => HttpResponse.json(sessions)),
  http.delete('*/api/v1/auth/sessions/:sessionId', ({ params }) => {
    signedOut.push(String(params.sessionId));
    sessions = sessions.filter((session) => session._id !== params.sessionId);
    return HttpResponse.json({ msg: 'Session signed out' });
  }),
  http.post('*/api/v1/auth/sessions/revoke-others', () => {
    signedOut.push('others');
    const revoked = sessions.filter((session) => !session.current).length;
    sessions = sessions.filter((session) => session.current);
    return HttpResponse.json({ msg: `Signed out of ${revoked} other sessions`, revoked });
  }),
];

/** Each session's first line, in the list's order. */
const items = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: 'Sessions signed in' }))
    .getAllByRole('listitem')
    .map((item: HTMLElement) => item.querySelector('p')?.textContent);

/**
 * Profile → Security: the sessions signed in to the account, this one marked "This device"; any other
 * can be signed out, or every other at once.
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Sessions',
  component: SessionsPanel,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 420 } },
  beforeEach({ msw }) {
    sessions = fixtures.sessionList;
    signedOut = [];
    toast.remove();
    msw.use(...sessionServer);
    return () => toast.remove();
  },
} satisfies Meta<typeof SessionsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listSessions.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your sessions' })).toBeVisible();
  },
};

/** Browser, system, approximate address, when it signed in and was last used; no sign-out for this one. */
export const SessionsList: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('Chrome 131 on Windows 10');
    await expect(items(canvas)).toEqual([
      'Chrome 131 on Windows 10This device',
      'Safari 18 on iOS',
      'Firefox 133 on macOS Sonoma',
    ]);
    const current = within(canvas.getByRole('list', { name: 'Sessions signed in' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    await expect(within(current).getByText(/Near 203\.0\.113\.0\/24 · Signed in/)).toBeVisible();
    await expect(within(current).queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Sign out Safari 18 on iOS' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out Firefox 133 on macOS Sonoma' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
  },
};

/** "Sign out" sends DELETE for that session, shows the server's message and reloads the list. */
export const SignOutOne: Story = {
  parameters: { screenshot: { width: 800, height: 460 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out Safari 18 on iOS' }));
    await waitFor(() => expect(screen.getByText('Session signed out')).toBeVisible());
    await expect(signedOut).toEqual([phone._id]);
    await waitFor(() => expect(canvas.queryByText('Safari 18 on iOS')).toBeNull());
    await expect(items(canvas)).toEqual([
      'Chrome 131 on Windows 10This device',
      'Firefox 133 on macOS Sonoma',
    ]);
    // Focus goes to the session now in its place, not to the page.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Sign out Firefox 133 on macOS Sonoma' })).toHaveFocus(),
    );
    // The screenshot is of the list: a toast mid-animation would make it differ run to run.
    toast.remove();
    await waitFor(() => expect(screen.queryByText('Session signed out')).toBeNull());
  },
};

/** Every other session signed out: only this device is left, and focus is on the panel's heading. */
export const SignOutEverywhereElse: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(screen.getByText('Signed out of 2 other sessions')).toBeVisible());
    await expect(signedOut).toEqual(['others']);
    await expect(await canvas.findByText('Only this device is signed in.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Sign out/ })).toBeNull();
    await waitFor(() => expect(canvas.getByText('Sessions')).toHaveFocus());
    toast.remove();
  },
};

export const OnlyThisDevice: Story = {
  beforeEach() {
    sessions = [thisDevice];
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Only this device is signed in.')).toBeVisible();
    await expect(canvas.getByText('This device')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The list could not be loaded: the server's message and "Try again", which asks again. */
export const SessionsFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listSessions.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your sessions could not be loaded: Internal error')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A refused sign-out: the server's message as a toast, and the list as it was. */
export const SignOutRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.revokeSession.error(404, 'Session not found'));
  },
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Sign out Firefox 133 on macOS Sonoma' }),
    );
    await waitFor(() => expect(screen.getByText('Session not found')).toBeVisible());
    await expect(items(canvas)).toHaveLength(3);
    await expect(signedOut).toEqual([]);
    await expect(canvas.getByRole('button', { name: 'Sign out Firefox 133 on macOS Sonoma' })).toBeEnabled();
    toast.remove();
    await waitFor(() => expect(screen.queryByText('Session not found')).toBeNull());
  },
};
