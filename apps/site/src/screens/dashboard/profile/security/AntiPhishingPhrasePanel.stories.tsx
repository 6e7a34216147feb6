import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { AntiPhishingPhrasePanel } from './AntiPhishingPhrasePanel';

/** What the server holds in a story: saving changes it, and the next GET answers it. */
let security: Schemas['SecuritySettings'] = fixtures.securityOff;
/** Every body the story sent. */
let sent: Schemas['AntiPhishingPhraseRequest'][] = [];

const phraseServer = [
  http.get('*/api/v1/auth/security', () => HttpResponse.json(security)),
  http.put('*/api/v1/auth/anti-phishing-phrase', async ({ request }) => {
    const body = (await request.json()) as Schemas['AntiPhishingPhraseRequest'];
    sent.push(body);
    security = { ...security, antiPhishingPhrase: body.phrase || null };
    const answer: Schemas['Message'] = {
      msg: body.phrase ? 'Anti-phishing phrase saved' : 'Anti-phishing phrase removed',
    };
    return HttpResponse.json(answer);
  }),
];

async function openDialog(canvas: ReturnType<typeof within>, button: string, title: string) {
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/**
 * Profile → Security: the anti-phishing phrase every mail from us shows at the top. Setting,
 * changing and removing it ask for the password.
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Anti-phishing phrase',
  component: AntiPhishingPhrasePanel,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 300 } },
  beforeEach({ msw }) {
    security = fixtures.securityOff;
    sent = [];
    msw.use(...phraseServer);
  },
} satisfies Meta<typeof AntiPhishingPhrasePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotSet: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Not set')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Anti-phishing phrase' })).toBeVisible();
    await expect(canvas.getByText(/without it is forged/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set a phrase' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  },
};

export const PhraseSet: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityWithPhrase }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('«Blue heron at dawn»')).toBeVisible();
    await expect(canvas.getByText('Set')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The anti-phishing phrase could not be loaded: Internal error'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A phrase and the password: saved, the panel shows it and says so. */
export const Saved: Story = {
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Set a phrase', 'Set an anti-phishing phrase');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Anti-phishing phrase/ }),
      ' Quiet harbour 42 ',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save phrase' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('«Quiet harbour 42»')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Anti-phishing phrase saved');
    await expect(sent).toEqual([{ phrase: 'Quiet harbour 42', password: 'correct-horse-battery-staple' }]);
  },
};

/** Too short, or with markup: refused here with the server's own words, nothing sent. */
export const PhraseRefused: Story = {
  parameters: { screenshot: { width: 800, height: 560 } },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Set a phrase', 'Set an anti-phishing phrase');
    const phrase = within(dialog).getByRole('textbox', { name: /^Anti-phishing phrase/ });
    await userEvent.type(phrase, '<b>hi</b>');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save phrase' }));
    await waitFor(() =>
      expect(phrase).toHaveAccessibleDescription(
        expect.stringContaining(
          "phrase may hold only letters, digits, spaces and . , ! ? ' - _ : ; ( ) & @ # * + = /",
        ),
      ),
    );
    await expect(phrase).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(phrase).toHaveFocus());
    await expect(sent).toEqual([]);
  },
};

/** A wrong password: the server's refusal shows above the buttons; the phrase stays as it was. */
export const WrongPassword: Story = {
  parameters: { screenshot: { width: 800, height: 560 } },
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityWithPhrase }));
    msw.use(mocks.setAntiPhishingPhrase.error(400, 'password is incorrect'));
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Change', 'Change the anti-phishing phrase');
    const phrase = within(dialog).getByRole('textbox', { name: /^Anti-phishing phrase/ });
    await expect(phrase).toHaveValue('Blue heron at dawn');
    await userEvent.clear(phrase);
    await userEvent.type(phrase, 'Green heron at dusk');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'not-my-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save phrase' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('password is incorrect');
  },
};

/** Removing asks only for the password; the panel then shows none. */
export const Removed: Story = {
  beforeEach() {
    security = fixtures.securityWithPhrase;
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, 'Remove', 'Remove the anti-phishing phrase');
    await expect(within(dialog).queryByRole('textbox', { name: /^Anti-phishing phrase/ })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove phrase' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('Not set')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Anti-phishing phrase removed');
    await expect(sent).toEqual([{ phrase: null, password: 'correct-horse-battery-staple' }]);
  },
};
