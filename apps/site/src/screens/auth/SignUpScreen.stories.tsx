import { mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, type within } from 'storybook/test';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { SignUpScreen } from './SignUpScreen';

/** /sign-up: creates an account; success goes to /check-email. */
const meta = {
  title: 'Site/Auth/SignUp',
  component: SignUpScreen,
  decorators: [withRouter('/sign-up')],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
} satisfies Meta<typeof SignUpScreen>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function chooseOption(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired() {
  const canvas = screen;
  await userEvent.type(canvas.getByLabelText(/^Full name/), 'Jane Doe');
  await userEvent.type(canvas.getByLabelText(/^Email/), 'Jane@Example.com');
  await userEvent.type(canvas.getByLabelText(/^Phone number/), '5551234567');
  await chooseOption(/^Country/, 'United States');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct-horse-battery-staple');
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await expect(canvas.getByRole('combobox', { name: /Investment goal/ })).toHaveTextContent('Optional');
  },
};

/** The top of a field's control box (its border), found from the field's label. */
const controlTop = (canvas: Canvas, label: RegExp) => {
  const control = canvas.getByText(label, { selector: 'label' }).parentElement?.nextElementSibling;
  if (!control) throw new Error(`No control after the label ${label}`);
  return control.getBoundingClientRect().top;
};

async function expectControlsAligned(canvas: Canvas) {
  await expect(controlTop(canvas, /^Full name/)).toBe(controlTop(canvas, /^Email/));
  await expect(controlTop(canvas, /^Phone number/)).toBe(controlTop(canvas, /^Country/));
  await expect(controlTop(canvas, /^Password/)).toBe(controlTop(canvas, /^Confirm password/));
}

/**
 * 1280 px: in each two-field row the controls line up, though only one field of the row (phone
 * number, password) has a hint under its label.
 */
export const AlignedRows: Story = {
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("In your country's format")).toBeVisible();
    await expectControlsAligned(canvas);
    // An error under one control does not move its neighbour.
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Please enter your fullname')).toBeVisible();
    await expectControlsAligned(canvas);
  },
};

/** `?ref=` pre-fills the referral ID and says who invited. */
export const WithReferral: Story = {
  args: { referralId: 'jd7k2m9q' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('jd7k2m9q')).toBeVisible();
    await expect(canvas.getByLabelText(/^Referral ID/)).toHaveValue('jd7k2m9q');
  },
};

/**
 * The messages word for word: fullname, email, phone, password, confirmation and country required,
 * then "Provide a valid email" and "Passwords must match".
 */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Please enter your fullname')).toBeVisible();
    await expect(canvas.getByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Phone number is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(canvas.getByText('Confirm Password is required')).toBeVisible();
    await expect(canvas.getByText('Country is required')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@');
    await expect(await canvas.findByText('Provide a valid email')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Password/), 'one-password');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'another-password');
    await expect(await canvas.findByText('Passwords must match')).toBeVisible();
  },
};

/** "Other" reveals a free-text field and clears the value; any other choice hides it. */
export const OtherInvestmentGoal: Story = {
  play: async ({ canvas }) => {
    await chooseOption(/Investment goal/, 'Other');
    const other = await canvas.findByLabelText(/^Your investment goal/);
    await expect(other).toHaveValue('');
    await userEvent.type(other, 'Paying for my children’s studies');
    await chooseOption(/Investment goal/, 'Retirement');
    await expect(canvas.queryByLabelText(/^Your investment goal/)).toBeNull();
    await chooseOption(/Investment goal/, 'Other');
    await expect(await canvas.findByLabelText(/^Your investment goal/)).toHaveValue('');
  },
};

/**
 * What is sent: email and referredBy lower-cased; the full name as typed; the phone number in E.164;
 * the country's name; then /check-email.
 */
export const Registered: Story = {
  args: { referralId: 'JD7K2M9Q' },
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/v1/auth/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { msg: 'Account created. Check your email for the verification link.' },
          { status: 201 },
        );
      }),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await fillRequired();
    await chooseOption(/Investment goal/, 'Retirement');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/check-email'));
    await expect(sent).toEqual({
      fullname: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+15551234567',
      password: 'correct-horse-battery-staple',
      country: 'United States',
      investmentGoal: 'retirement',
      referredBy: 'jd7k2m9q',
    });
  },
};
let sent: unknown;

/**
 * A number follows the chosen country: typed as written there, with that country's example as the
 * hint, and sent in E.164.
 */
export const UnitedKingdomPhone: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/v1/auth/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { msg: 'Account created. Check your email for the verification link.' },
          { status: 201 },
        );
      }),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await chooseOption(/^Country/, 'United Kingdom');
    const phone = canvas.getByRole('textbox', { name: /^Phone number/ });
    await expect(phone).toHaveAccessibleDescription('For example 07400 123456');
    await userEvent.type(phone, '07700900123');
    await expect(phone).toHaveValue('07700 900123');
    await userEvent.type(canvas.getByLabelText(/^Full name/), 'Jane Doe');
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct-horse-battery-staple');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/check-email'));
    await expect(sent).toMatchObject({ phone: '+447700900123', country: 'United Kingdom' });
  },
};

/** A number that is not one of the chosen country's (too short here) is refused under the field. */
export const InvalidPhone: Story = {
  play: async ({ canvas }) => {
    await chooseOption(/^Country/, 'United Kingdom');
    const phone = canvas.getByRole('textbox', { name: /^Phone number/ });
    await userEvent.type(phone, '077009');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(phone).toHaveAccessibleDescription(/Provide a valid phone number/);
    await expect(canvas.getByText('Provide a valid phone number')).toBeVisible();
  },
};

/** The server's own rules (an unknown referral code, the password policy) come back as its msg. */
export const ServerRefuses: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.registerUser.error(400, 'referredBy is not a known referral code: check the link you were given'),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await fillRequired();
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expectToast('referredBy is not a known referral code: check the link you were given');
    await expect(storyLocation(canvasElement)).toBe('/sign-up');
    toast.remove();
  },
};

export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.registerUser.slow());
  },
  play: async ({ canvas }) => {
    await fillRequired();
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Create account/ })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};
