import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { TwoFactorEnrolStep } from './TwoFactorEnrolStep';

type Canvas = ReturnType<typeof within>;

const codeField = (canvas: Canvas) => canvas.findByRole('textbox', { name: /^Authentication code/ });
const turnOnButton = (canvas: Canvas) =>
  canvas.getByRole('button', { name: 'Turn on two-factor authentication' });

/** The first code typed and sent: the step then shows the recovery codes (or the server's refusal). */
async function enterCode(canvas: Canvas, code: string) {
  await userEvent.type(await codeField(canvas), code);
  await userEvent.type(canvas.getByLabelText(/^Password/), 'my-password');
  await userEvent.click(turnOnButton(canvas));
}

/**
 * The back office's step for an admin who must turn two-factor on before anything else: the secret
 * as a QR code and as text, a first code from the app, then the recovery codes, shown once.
 */
const meta = {
  title: 'Screens/Admin/TwoFactorEnrolStep',
  component: TwoFactorEnrolStep,
  args: { onEnrolled: fn() },
  decorators: [withRouter('/admin')],
  parameters: { screenshot: { width: 1024, height: 900 } },
} satisfies Meta<typeof TwoFactorEnrolStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The secret to add to the app, as a QR code and as text, and the field for its first code. */
export const Required: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' }),
    ).toBeVisible();
    const qr = await canvas.findByRole('img', { name: 'QR code of the secret, for your authenticator app' });
    await expect(qr).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await expect(canvas.getByRole('textbox', { name: 'Secret' })).toHaveValue(fixtures.twoFactorSecret);
    const code = await codeField(canvas);
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // The password too: a signed-in browser alone cannot turn two-factor on.
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.click(turnOnButton(canvas));
    await expect(await canvas.findByText('Enter the code from your authenticator app')).toBeVisible();
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.type(canvas.getByLabelText(/^Password/), 'my-password');
    await userEvent.type(code, '12a');
    await userEvent.click(turnOnButton(canvas));
    await expect(
      await canvas.findByText('The code is the 6 digits your authenticator app shows'),
    ).toBeVisible();
  },
};

/** The server is making the secret: the step says so, with nothing to type into yet. */
export const SetupLoading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.setupTwoFactor.slow());
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('status', { name: 'Preparing your secret' })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** How many setups the story's server was asked for. */
let setupCalls = 0;

/**
 * The setup failed: the server's msg and "Try again", which asks for a new secret (here refused
 * again, so the step still says why).
 */
export const SetupFailed: Story = {
  beforeEach({ msw }) {
    setupCalls = 0;
    msw.use(
      http.post('*/api/v1/auth/two-factor/setup', () => {
        setupCalls += 1;
        return HttpResponse.json(
          { msg: 'Something went wrong on our side. Please try again.' },
          { status: 500 },
        );
      }),
    );
  },
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Your secret could not be prepared: Something went wrong on our side. Please try again.',
    );
    await expect(canvas.queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    await expect(setupCalls).toBe(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(setupCalls).toBe(2));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your secret could not be prepared: Something went wrong on our side. Please try again.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onEnrolled).not.toHaveBeenCalled();
  },
};

/** The server refuses the code (wrong, or the app's clock is off): its msg, and the step stays. */
export const WrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.enableTwoFactor.error(
        400,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas, args }) => {
    await enterCode(canvas, '000000');
    await expectToast(/^That code is not right, or was already used/);
    await expect(turnOnButton(canvas)).toBeVisible();
    await expect(args.onEnrolled).not.toHaveBeenCalled();
    toast.remove();
  },
};

/**
 * Two-factor is on: the ten recovery codes, shown this once, with a download as a text file; the
 * back office opens only once they are said to be saved.
 */
export const RecoveryCodesShown: Story = {
  play: async ({ canvas, args }) => {
    await enterCode(canvas, '492039');
    await expectToast('Two-factor authentication is on');
    toast.remove();
    const list = await canvas.findByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fixtures.recoveryCodes);

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
      await userEvent.click(canvas.getByRole('button', { name: 'Download as a text file' }));
      await waitFor(() => expect(saved.name).toBe('ledgerline-recovery-codes.txt'));
      const text = (await saved.blob?.text()) ?? '';
      // What the codes are for, as the profile's download says it, then one code a line.
      await expect(text).toMatch(
        /^Ledgerline recovery codes\r\n\r\nEach code signs you in once in place of a code from your authenticator app\.\r\nKeep them somewhere safe: they are not shown again\.\r\n/,
      );
      for (const code of fixtures.recoveryCodes) await expect(text).toContain(`${code}\r\n`);
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }

    const continueButton = canvas.getByRole('button', { name: 'Continue to the back office' });
    await userEvent.click(continueButton);
    const checkbox = canvas.getByRole('checkbox', { name: 'I have saved my recovery codes' });
    await expect(await canvas.findByText('Save your recovery codes, then tick this box')).toBeVisible();
    await waitFor(() => expect(checkbox).toHaveFocus());
    await expect(args.onEnrolled).not.toHaveBeenCalled();
    await userEvent.click(checkbox);
    await userEvent.click(continueButton);
    await expect(args.onEnrolled).toHaveBeenCalledOnce();
  },
};
