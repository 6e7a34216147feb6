import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { siteConfig } from '../../config';
import { withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { ContactScreen } from './ContactScreen';

const toastRegion = () => screen.getByRole('region', { name: 'Notifications (F8)' });

const message = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  text: 'Hello, how long does a bitcoin deposit usually take to be approved?',
};

async function fillForm(canvas: ReturnType<typeof within>) {
  await canvas.findByRole('form', { name: 'Send us a message' });
  await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), message.name);
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), message.email);
  await userEvent.type(canvas.getByRole('textbox', { name: /^Message/ }), message.text);
}

const sendButton = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('button', { name: 'Send Message' });

/**
 * /contact-us: the contact form (`POST /contact-us`), the WhatsApp chat link from `GET /whatsapp`, the
 * support mail link and the footer-like section. The site's header and footer come from the public
 * layout, not from this screen.
 */
const meta = {
  title: 'Site/Public/Contact',
  component: ContactScreen,
  decorators: [withRouter('/contact-us')],
  parameters: { layout: 'fullscreen', screenshot: { height: 1100 } },
  // No toast from one story may linger into the next.
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
} satisfies Meta<typeof ContactScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form, and the WhatsApp number printed as a US number and linked to wa.me. */
export const Default: Story = {
  parameters: { screenshot: { height: 1700 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Send us a message' })).toBeVisible();
    const whatsapp = await canvas.findByRole('link', { name: /Chat on WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/15551234567');
    await expect(whatsapp).toHaveTextContent('+1 (555) 123-4567');
    await expect(canvas.getByText(/Customer support is available 24\/7/)).toHaveTextContent(/on WhatsApp\.$/);
    await expect(canvas.getByRole('link', { name: /Email support/ })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.supportEmail}`,
    );
    await expect(canvas.getByRole('link', { name: 'Read the terms' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  },
};

/** While the message is on its way the button shows its spinner and ignores clicks. */
export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.submitContactMessage.slow());
  },
  play: async ({ canvas }) => {
    await fillForm(canvas);
    await userEvent.click(sendButton(canvas));
    await waitFor(() => expect(sendButton(canvas)).toHaveAttribute('aria-busy', 'true'));
  },
};

/** The server's msg shows as a success message, and the form empties for another one. */
export const Sent: Story = {
  play: async ({ canvas }) => {
    await fillForm(canvas);
    await userEvent.click(sendButton(canvas));
    const status = await canvas.findByText(fixtures.messages.contactMessageSent.msg);
    await expect(status).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
    // An emptied form is not an invalid one.
    await expect(canvas.queryByText('Name is required')).toBeNull();
  },
};

const tooMany = 'Too many messages. Please wait a few minutes and try again.';

/** A refusal shows the server's msg as an error toast; what was typed stays. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.submitContactMessage.error(429, tooMany));
  },
  play: async ({ canvas }) => {
    await fillForm(canvas);
    await userEvent.click(sendButton(canvas));
    await expectToast(tooMany);
    await expect(canvas.getByRole('textbox', { name: /^Message/ })).toHaveValue(message.text);
    await expect(sendButton(canvas)).not.toHaveAttribute('aria-busy');
  },
};

/** No answer at all: the error toast says what the browser reported, and the form is kept. */
export const NetworkError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.submitContactMessage.networkError());
  },
  play: async ({ canvas }) => {
    await fillForm(canvas);
    await userEvent.click(sendButton(canvas));
    await expectToast(/fetch/i);
    await expect(canvas.getByRole('textbox', { name: /^Email/ })).toHaveValue(message.email);
    await expect(within(toastRegion()).queryByText(fixtures.messages.contactMessageSent.msg)).toBeNull();
  },
};

/** A failed WhatsApp lookup hides the link and tells the person nothing: the failure is only logged. */
export const WhatsAppUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getWhatsapp.error(500, 'Internal server error'));
    const warn = spyOn(console, 'warn').mockImplementation(() => undefined);
    return () => warn.mockRestore();
  },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith('WhatsApp lookup failed', expect.anything()),
    );
    await expect(canvas.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    // Nor does the info line offer a chat the page does not link.
    await expect(canvas.getByText(/Customer support is available 24\/7/)).not.toHaveTextContent(/WhatsApp/);
    await expect(canvas.getByRole('link', { name: /Email support/ })).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
  },
};

let whatsappAnswered = false;

/** No number configured (an empty list): no link either. */
export const WhatsAppNotConfigured: Story = {
  beforeEach({ msw }) {
    whatsappAnswered = false;
    msw.use(
      http.get('*/api/v1/whatsapp', () => {
        whatsappAnswered = true;
        return HttpResponse.json([]);
      }),
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('form', { name: 'Send us a message' });
    await waitFor(() => expect(whatsappAnswered).toBe(true));
    // One more turn for the answer to reach the screen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvas.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    await expect(canvas.getByText(/Customer support is available 24\/7/)).not.toHaveTextContent(/WhatsApp/);
  },
};

/** Submitting an empty form names every missing field in its fixed wording; then a bad email. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Message' }));
    await expect(await canvas.findByText('Name is required')).toBeVisible();
    await expect(canvas.getByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Message is required')).toBeVisible();
    // Focus goes to the first field to fix.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'Name is required',
    );

    const email = canvas.getByRole('textbox', { name: /^Email/ });
    await userEvent.type(email, 'jane@example');
    await userEvent.tab();
    await expect(await canvas.findByText('Provide a valid email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};
