import { mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { sessionKey } from '../../session/session';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { loginSuccessful } from './SignInForm';
import { SignInScreen } from './SignInScreen';

/** /sign-in: email and password; success saves the session, toasts and goes to the overview. */
const meta = {
  title: 'Site/Auth/SignIn',
  component: SignInScreen,
  decorators: [withRouter('/sign-in')],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.remove();
    localStorage.removeItem(sessionKey);
    return () => {
      toast.remove();
      localStorage.removeItem(sessionKey);
    };
  },
} satisfies Meta<typeof SignInScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
  },
};

/**
 * Email required and valid, password required, with their messages word for word: "Email is required",
 * "Password is required", "Provide a valid email".
 */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Email/)).toHaveFocus());
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example');
    await expect(await canvas.findByText('Provide a valid email')).toBeVisible();
  },
};

export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.login.slow());
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Sign in/ })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

export const SignedIn: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectToast(loginSuccessful);
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/overview'));
    const saved = JSON.parse(localStorage.getItem(sessionKey) ?? 'null');
    await expect(saved).toMatchObject({ token: expect.any(String), name: expect.any(String), role: 'user' });
    toast.remove();
  },
};

export const WrongPassword: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.login.error(401, 'Incorrect email or password'));
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'not-my-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectToast('Incorrect email or password');
    await expect(storyLocation(canvasElement)).toBe('/sign-in');
    await expect(localStorage.getItem(sessionKey)).toBeNull();
    toast.remove();
  },
};

/** With no answer from the server at all, the toast shows the network error's message. */
export const NetworkError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.login.networkError());
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expectToast('Failed to fetch');
    toast.remove();
  },
};
