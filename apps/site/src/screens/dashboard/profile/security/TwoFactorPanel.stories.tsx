import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { TwoFactorPanel } from './TwoFactorPanel';

const wrongCode =
  'That code is not right, or was already used. Check the time on your device and use the newest code.';

/** What the server holds in a story: enabling and disabling change it, and the next GET answers it. */
let security: Schemas['SecuritySettings'] = fixtures.securityOff;
/** Every body the story sent to enable or disable, and each "sign out everywhere else". */
let sent: { op: 'enable' | 'disable' | 'revoke-others'; body: unknown }[] = [];

const securityServer = [
  http.get('*/api/v1/auth/security', () => HttpResponse.json(security)),
  http.post('*/api/v1/auth/two-factor/enable', async ({ request }) => {
    sent.push({ op: 'enable', body: await request.json() });
    security = {
      ...fixtures.securityOn,
      twoFactorEnabledAt: '2026-11-21T16:10:00.000Z',
      recoveryCodesLeft: 10,
    };
    return HttpResponse.json(fixtures.twoFactorEnabled);
  }),
  http.post('*/api/v1/auth/two-factor/disable', async ({ request }) => {
    sent.push({ op: 'disable', body: await request.json() });
    security = fixtures.securityOff;
    return HttpResponse.json({ msg: 'Two-factor authentication is off' });
  }),
  http.post('*/api/v1/auth/sessions/revoke-others', () => {
    sent.push({ op: 'revoke-others', body: null });
    return HttpResponse.json({ msg: 'Signed out of 2 other sessions', revoked: 2 });
  }),
];

/** The app's code and the account's password, typed into the first step, then "Turn on". */
async function enterCodeAndPassword(
  dialog: HTMLElement,
  code: string,
  password = 'correct-horse-battery-staple',
) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code from the app/ }), code);
  await userEvent.type(within(dialog).getByLabelText(/^Password/), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
}

/** Turns two-factor on through the dialog, up to the offer to sign out everywhere else. */
async function turnOnUpToTheOffer(canvas: ReturnType<typeof within>) {
  const first = await openTurnOn(canvas);
  await enterCodeAndPassword(first, '492039');
  const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
  await userEvent.click(within(codes).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
  await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
  const offer = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
  await waitFor(() =>
    expect(within(offer).getByRole('heading', { name: 'Sign out everywhere else?' })).toHaveFocus(),
  );
  return offer;
}

/** Opens "Turn on" and waits for the QR code. */
async function openTurnOn(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Turn on' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
  await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/**
 * Profile → Security: two-factor authentication, off or on since a date with the recovery codes left;
 * "Turn on" shows a QR code and a setup key, checks a code, then shows the recovery codes once.
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Two-factor',
  component: TwoFactorPanel,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 360 } },
  beforeEach({ msw }) {
    security = fixtures.securityOff;
    sent = [];
    toast.remove();
    msw.use(...securityServer);
    return () => toast.remove();
  },
} satisfies Meta<typeof TwoFactorPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading two-factor authentication' })).toBeVisible();
  },
};

export const Off: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Off')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Two-factor authentication' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on' })).toHaveAttribute('aria-haspopup', 'dialog');
  },
};

export const On: Story = {
  beforeEach() {
    security = fixtures.securityOn;
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('since Nov 18, 2026, 9 recovery codes left')).toBeVisible();
    await expect(canvas.getByText('On')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn off' })).toBeVisible();
  },
};

/** An account that must keep two-factor on has no way to turn it off here. */
export const OnAndRequired: Story = {
  beforeEach() {
    security = { ...fixtures.securityOn, twoFactorRequired: true, recoveryCodesLeft: 1 };
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('since Nov 18, 2026, 1 recovery code left')).toBeVisible();
    await expect(canvas.getByText('Your account must keep two-factor authentication on.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Turn off' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Two-factor authentication could not be loaded: Internal error'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * The first step: the QR code, the setup key to copy, the code field for the app's 6 digits, and the
 * account's password (a signed-in browser alone cannot turn two-factor on).
 */
export const Enrolling: Story = {
  parameters: { screenshot: { width: 800, height: 720 } },
  play: async ({ canvas }) => {
    const dialog = await openTurnOn(canvas);
    await expect(within(dialog).getByLabelText('Setup key')).toHaveValue(fixtures.twoFactorSecret);
    await expect(within(dialog).getByRole('button', { name: /copy/i })).toBeVisible();
    const code = within(dialog).getByRole('textbox', { name: /^Code from the app/ });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toBeRequired();
    const password = within(dialog).getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(password).toBeRequired();
    await waitFor(() => expect(code).toHaveFocus());
  },
};

/** From the keyboard: Enter opens the dialog at the code field; Escape closes it and focus is back. */
export const CancelledWithKeyboard: Story = {
  play: async ({ canvas }) => {
    const turnOn = await canvas.findByRole('button', { name: 'Turn on' });
    turnOn.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Code from the app/ })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(turnOn).toHaveFocus());
  },
};

/** A code that is not six digits is refused here, before anything is sent. */
export const CodeNotSixDigits: Story = {
  parameters: { screenshot: { width: 800, height: 760 } },
  play: async ({ canvas }) => {
    const dialog = await openTurnOn(canvas);
    const code = within(dialog).getByRole('textbox', { name: /^Code from the app/ });
    await userEvent.type(code, '12a4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your app'));
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password is required',
    );
    await expect(sent).toEqual([]);
  },
};

/** The server's refusal of the code goes under the field, which takes focus; typing clears it. */
export const WrongCode: Story = {
  parameters: { screenshot: { width: 800, height: 760 } },
  beforeEach({ msw }) {
    msw.use(mocks.enableTwoFactor.error(400, wrongCode));
  },
  play: async ({ canvas }) => {
    const dialog = await openTurnOn(canvas);
    const code = within(dialog).getByRole('textbox', { name: /^Code from the app/ });
    await enterCodeAndPassword(dialog, '123456');
    await waitFor(() => expect(code).toHaveAccessibleDescription(wrongCode));
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    await expect(screen.getByRole('dialog', { name: 'Turn on two-factor authentication' })).toBeVisible();
  },
};

/** A wrong password: the server's refusal goes under the password field, which takes focus. */
export const WrongPassword: Story = {
  parameters: { screenshot: { width: 800, height: 760 } },
  beforeEach({ msw }) {
    msw.use(mocks.enableTwoFactor.error(400, 'password is incorrect'));
  },
  play: async ({ canvas }) => {
    const dialog = await openTurnOn(canvas);
    await enterCodeAndPassword(dialog, '123456', 'not-my-password');
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription('password is incorrect'));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(within(dialog).getByRole('textbox', { name: /^Code from the app/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/**
 * The right code: the 10 recovery codes, a text file of them, and Done only once "I have saved my
 * recovery codes" is ticked. Escape does not close this step.
 */
export const RecoveryCodesShown: Story = {
  parameters: { screenshot: { width: 800, height: 760 } },
  play: async ({ canvas }) => {
    const first = await openTurnOn(canvas);
    await enterCodeAndPassword(first, '492039');

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus(),
    );
    await expect(sent).toEqual([
      { op: 'enable', body: { code: '492039', password: 'correct-horse-battery-staple' } },
    ]);
    const list = within(dialog).getByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fixtures.recoveryCodes);

    const done = within(dialog).getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Save your recovery codes' })).toBeVisible();

    // Saving the file: catch the Blob link instead of letting the browser download it.
    const saved: { name: string; blob?: Blob } = { name: '' };
    const createUrl = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.blob = blob as Blob;
      return 'blob:recovery-codes';
    });
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.name = this.download;
    });
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Download as a text file' }));
      await expect(saved.name).toBe('ledgerline-recovery-codes.txt');
      const text = (await saved.blob?.text()) ?? '';
      for (const code of fixtures.recoveryCodes) await expect(text).toContain(`${code}\r\n`);
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await expect(done).toBeEnabled();
  },
};

/**
 * After Done, the offer to sign out everywhere else: browsers signed in before two-factor was on stay
 * signed in without a code until then. Escape does not close it.
 */
export const SignOutEverywhereElseOffered: Story = {
  parameters: { screenshot: { width: 800, height: 420 } },
  play: async ({ canvas }) => {
    const offer = await turnOnUpToTheOffer(canvas);
    await expect(within(offer).getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
    await expect(within(offer).getByRole('button', { name: 'Keep them signed in' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Sign out everywhere else?' })).toBeVisible();
  },
};

/** "Sign out everywhere else": the other sessions end, the server's message shows, the panel reads "On". */
export const SignedOutEverywhereElse: Story = {
  play: async ({ canvas }) => {
    const offer = await turnOnUpToTheOffer(canvas);
    await userEvent.click(within(offer).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(screen.getByText('Signed out of 2 other sessions')).toBeVisible());
    await expect(sent.map((call) => call.op)).toEqual(['enable', 'revoke-others']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('since Nov 21, 2026, 10 recovery codes left')).toBeVisible();
    toast.remove();
  },
};

/**
 * "Keep them signed in" closes the dialog; the panel reads "On", and focus is back on its button, now
 * "Turn off".
 */
export const TurnedOn: Story = {
  play: async ({ canvas }) => {
    const offer = await turnOnUpToTheOffer(canvas);
    await userEvent.click(within(offer).getByRole('button', { name: 'Keep them signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent.map((call) => call.op)).toEqual(['enable']);
    await expect(await canvas.findByText('since Nov 21, 2026, 10 recovery codes left')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Turn off' })).toHaveFocus());
  },
};

export const TurnOffDialog: Story = {
  parameters: { screenshot: { width: 800, height: 560 } },
  beforeEach() {
    security = fixtures.securityOn;
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await waitFor(() => expect(dialog).toBeVisible());
    const password = within(dialog).getByLabelText(/^Password/);
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(
      within(dialog).getByRole('textbox', { name: /^Code from the app or a recovery code/ }),
    ).toHaveAttribute('autocomplete', 'one-time-code');
  },
};

/** The password and a code go to the server; its message shows, the panel reads "Off" and focus is back. */
export const TurnedOff: Story = {
  beforeEach() {
    security = fixtures.securityOn;
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code from the app/ }), '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByText('Two-factor authentication is off')).toBeVisible());
    await expect(sent).toEqual([
      { op: 'disable', body: { password: 'correct-horse-battery-staple', code: '492039' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Turn on' })).toHaveFocus());
    toast.remove();
  },
};

/** A wrong password or code: the server's message in the dialog, which stays open. */
export const TurnOffRefused: Story = {
  parameters: { screenshot: { width: 800, height: 600 } },
  beforeEach({ msw }) {
    security = fixtures.securityOn;
    msw.use(mocks.disableTwoFactor.error(400, 'password is incorrect'));
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'not-my-password');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code from the app/ }), '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('password is incorrect');
    await expect(screen.getByRole('dialog', { name: 'Turn off two-factor authentication' })).toBeVisible();
  },
};
