import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, type within } from 'storybook/test';
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
type Canvas = ReturnType<typeof within>;

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

/** The right email and password, with two-factor on: the answer is a challenge, and the code step. */
async function passPasswordStep(canvas: Canvas) {
  await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  const code = await canvas.findByRole('textbox', { name: /^Authentication code/ });
  await waitFor(() => expect(code).toHaveFocus());
  return code;
}

/** What the code step sent, in order. */
let sentCodes: string[] = [];

/** Answers the code step with a session, as the server does for a right code, and records the code. */
const acceptCode = http.post('*/api/v1/auth/login/two-factor', async ({ request }) => {
  const body = (await request.json()) as Schemas['LoginTwoFactorRequest'];
  sentCodes.push(body.code);
  return HttpResponse.json(fixtures.loginResult);
});

/**
 * Two-factor on: the right password answers a challenge, and the code step follows, asking for the
 * app's code with a keyboard of digits on phones; a code that is not 6 digits is said at once, the
 * right one signs in.
 */
export const TwoFactorCode: Story = {
  beforeEach({ msw }) {
    sentCodes = [];
    msw.use(mocks.login({ body: fixtures.twoFactorChallenge }), acceptCode);
  },
  play: async ({ canvas }) => {
    const code = await passPasswordStep(canvas);
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(localStorage.getItem(sessionKey)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Enter the code from your authenticator app')).toBeVisible();
    await userEvent.type(code, '49203');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(
      await canvas.findByText('The code is the 6 digits your authenticator app shows'),
    ).toBeVisible();
    await userEvent.type(code, '9');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectToast(loginSuccessful);
    await waitFor(() => expect(localStorage.getItem(sessionKey)).not.toBeNull());
    await expect(sentCodes).toEqual(['492039']);
  },
};

/**
 * The phone is lost: "Use a recovery code instead" turns the field into one for a recovery code
 * (letters and digits, so a phone shows its full keyboard), empty and focused, with its own check.
 */
export const TwoFactorRecoveryCode: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.login({ body: fixtures.twoFactorChallenge }));
  },
  play: async ({ canvas }) => {
    const appCode = await passPasswordStep(canvas);
    await userEvent.type(appCode, '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code instead' }));
    const code = await canvas.findByRole('textbox', { name: /^Recovery code/ });
    await waitFor(() => expect(code).toHaveFocus());
    await expect(code).toHaveValue('');
    await expect(code).toHaveAttribute('inputmode', 'text');
    await expect(code).toHaveAttribute('autocomplete', 'off');
    await expect(canvas.queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    await expect(canvas.getByText(/^Enter one of the recovery codes you saved/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Enter one of your recovery codes')).toBeVisible();
    await userEvent.type(code, 'k7m2q-9x4');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(
      await canvas.findByText('A recovery code is 10 letters and digits, like the ones you saved'),
    ).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(localStorage.getItem(sessionKey)).toBeNull();
  },
};

/** A recovery code accepted: it signs in as the app's code would (the server then spends it). */
export const TwoFactorRecoveryCodeAccepted: Story = {
  beforeEach({ msw }) {
    sentCodes = [];
    msw.use(mocks.login({ body: fixtures.twoFactorChallenge }), acceptCode);
  },
  play: async ({ canvas, canvasElement }) => {
    await passPasswordStep(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code instead' }));
    const code = await canvas.findByRole('textbox', { name: /^Recovery code/ });
    await waitFor(() => expect(code).toHaveFocus());
    const [recoveryCode = ''] = fixtures.recoveryCodes;
    await userEvent.type(code, ` ${recoveryCode} `);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectToast(loginSuccessful);
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/overview'));
    await expect(sentCodes).toEqual([recoveryCode]);
    await expect(JSON.parse(localStorage.getItem(sessionKey) ?? 'null')).toMatchObject({ role: 'user' });
    toast.remove();
  },
};

/** A wrong or spent code: the server's words, and the step stays for the next code. */
export const TwoFactorWrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.login({ body: fixtures.twoFactorChallenge }),
      mocks.loginTwoFactor.error(
        401,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.type(await passPasswordStep(canvas), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectToast(/That code is not right/);
    await expect(canvas.getByLabelText(/^Authentication code/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to sign in' }));
    const password = await canvas.findByLabelText(/^Password/);
    await expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('jane@example.com');
  },
};

/**
 * The challenge expired (the code step was left open too long, or already finished elsewhere): the
 * server's words, and back to the password, the email kept.
 */
export const TwoFactorChallengeExpired: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.login({ body: fixtures.twoFactorChallenge }),
      mocks.loginTwoFactor.error(401, 'This sign-in has expired. Please sign in again.'),
    );
  },
  play: async ({ canvas }) => {
    await userEvent.type(await passPasswordStep(canvas), '492039');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectToast('This sign-in has expired. Please sign in again.');
    // The password again, with the email kept, and no message about the empty password yet.
    const password = await canvas.findByLabelText(/^Password/);
    await expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.queryByText('Password is required')).toBeNull();
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('jane@example.com');
    await expect(canvas.queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    await expect(localStorage.getItem(sessionKey)).toBeNull();
  },
};

/**
 * Too many wrong codes: the server refuses more for a while (429) and says how long; the step stays,
 * with no session.
 */
export const TwoFactorTooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.login({ body: fixtures.twoFactorChallenge }),
      mocks.loginTwoFactor.error(
        429,
        'Too many failed sign-in attempts. Please try again in 15 minute(s) or reset your password.',
      ),
    );
  },
  play: async ({ canvas }) => {
    const code = await passPasswordStep(canvas);
    await userEvent.type(code, '492039');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expectToast(/^Too many failed sign-in attempts\. Please try again in 15 minute\(s\)/);
    await expect(code).toBeVisible();
    await expect(code).toHaveValue('492039');
    await expect(localStorage.getItem(sessionKey)).toBeNull();
  },
};
