import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { withDashboardMain } from '../shared/storyFrame';
import { KycScreen } from './KycScreen';

/** A small PNG standing in for a scan of the passport's photo page. */
const passportScan = () =>
  new File([fixtures.receiptPng()], 'passport-photo-page.png', { type: 'image/png' });

/** What the server holds in a story: `POST /kyc` adds a pending request and the next `GET` answers it. */
let requests: Schemas['KycRecord'][] = [];
/** The parts of every `POST /kyc` a story sent. */
let submissions: { document: unknown; image: unknown }[] = [];

const kycServer = [
  http.get('*/api/v1/kyc', () => HttpResponse.json(requests)),
  http.post('*/api/v1/kyc', async ({ request }) => {
    const form = await request.formData();
    const image = form.get('image');
    submissions.push({
      document: form.get('document'),
      image: image instanceof File ? { name: image.name, type: image.type } : image,
    });
    requests = [fixtures.pendingKyc, ...requests];
    return HttpResponse.json(fixtures.kycCreated, { status: 201 });
  }),
];

type Canvas = {
  getByRole: typeof screen.getByRole;
  getByLabelText: typeof screen.getByLabelText;
  findByRole: typeof screen.findByRole;
};

/** Chooses Passport and the scan, then submits. */
async function fillAndSubmit(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('combobox', { name: /^Verification method/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Passport' }));
  await userEvent.upload(canvas.getByLabelText(/^Document image/) as HTMLInputElement, passportScan());
  await userEvent.click(canvas.getByRole('button', { name: 'Submit for review' }));
}

/**
 * /dashboard/kyc: a spinner while the latest request loads; then the congratulations view when it was
 * approved, the waiting view when it is pending, or "We need to verify your identity" with the method
 * (only Passport) and one image, and the reviewer's reason after a rejection.
 */
const meta = {
  title: 'Site/Dashboard/KYC',
  component: KycScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/kyc')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1024, height: 760 } },
  beforeEach({ msw }) {
    requests = [];
    submissions = [];
    toast.remove();
    msw.use(...kycServer);
    return () => toast.remove();
  },
} satisfies Meta<typeof KycScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listKyc.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your verification status' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  },
};

/** No request yet: the form. */
export const NotYetVerified: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We need to verify your identity' }),
    ).toBeVisible();
    const method = canvas.getByRole('combobox', { name: /^Verification method/ });
    await expect(method).toHaveTextContent('Choose a method');
    await userEvent.click(method);
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['Passport']);
    await userEvent.keyboard('{Escape}');
    const file = canvas.getByLabelText(/^Document image/);
    await expect(file).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await expect(file).not.toHaveAttribute('multiple');
  },
};

/** The method and the image are both needed. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Submit for review' }));
    await expect(await canvas.findByText('Please choose a verification method')).toBeVisible();
    await expect(canvas.getByText('Please upload an image of your document')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('combobox', { name: /^Verification method/ })).toHaveFocus());
    await expect(submissions).toEqual([]);
  },
};

/** Approved: a congratulations view replaces the form. */
export const Approved: Story = {
  beforeEach() {
    requests = fixtures.kycHistory;
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Congratulations! Your identity is verified' }),
    ).toBeVisible();
    await expect(canvas.getByText('Verified')).toBeVisible();
    await expect(canvas.getByText(/approved on Oct 27, 2026/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  },
};

export const Pending: Story = {
  beforeEach() {
    requests = [fixtures.pendingKyc];
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your verification is awaiting review' }),
    ).toBeVisible();
    await expect(canvas.getByText('Awaiting review')).toBeVisible();
    await expect(canvas.getByText(/received your passport on Nov 21, 2026/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  },
};

/** Rejected: the reviewer's reason above the form, to send a better image. */
export const Rejected: Story = {
  beforeEach() {
    requests = [fixtures.rejectedKyc];
  },
  parameters: { screenshot: { width: 1024, height: 900 } },
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('region', { name: 'Your last request was not approved' });
    await expect(notice).toHaveTextContent(
      'The passport photo page is blurred; please upload a sharper image.',
    );
    await expect(within(notice).getByText('Rejected')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  },
};

/** A failed status fetch is ignored silently, and the form shows. */
export const StatusUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.listKyc.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We need to verify your identity' }),
    ).toBeVisible();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

/** Sent as multipart (document, image): "KYC Request Sent" says it awaits review. */
export const RequestSent: Story = {
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas);
    const dialog = await screen.findByRole('dialog', { name: 'KYC Request Sent' });
    await expect(dialog).toHaveTextContent(/awaiting review/);
    await expect(submissions).toEqual([
      { document: 'passport', image: { name: 'passport-photo-page.png', type: 'image/png' } },
    ]);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** Close fetches the request again (in place of a page reload): it is now awaiting review. */
export const CloseShowsAwaitingReview: Story = {
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas);
    const dialog = await screen.findByRole('dialog', { name: 'KYC Request Sent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your verification is awaiting review' }),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A refusal: the server's message as an error toast at the top centre; the button stops loading. */
export const SubmitRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.submitKyc.error(409, 'A KYC request is already awaiting review'));
  },
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas);
    await waitFor(() => expect(screen.getByText('A KYC request is already awaiting review')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Submit for review' })).not.toHaveAttribute('aria-busy');
    await expect(screen.queryByRole('dialog')).toBeNull();
    toast.remove();
  },
};

export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.submitKyc.slow());
  },
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Submit for review/ })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 900 } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'We need to verify your identity' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
