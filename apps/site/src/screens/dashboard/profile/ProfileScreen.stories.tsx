import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { withDashboardMain } from '../shared/storyFrame';
import { notificationChoicesKey } from './NotificationSettings';
import { ProfileScreen } from './ProfileScreen';

/** What the server holds for Jane in a story: `PATCH` changes it and the next `GET` answers it. */
let saved: Schemas['UserInfo'] = fixtures.userInfo;
/** Every `PATCH /users/user-info` a story sent: the multipart parts, or the JSON body. */
let patches: { kind: 'form' | 'json'; body: Record<string, unknown> }[] = [];

const profileServer = [
  http.get('*/api/v1/users/user-info', () => HttpResponse.json(saved)),
  http.patch('*/api/v1/users/user-info', async ({ request }) => {
    if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
      const body = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
      patches.push({ kind: 'form', body });
      saved = { ...saved, ...body };
      return HttpResponse.json(fixtures.messages.profileUpdated);
    }
    const body = (await request.json()) as Record<string, unknown>;
    patches.push({ kind: 'json', body });
    return HttpResponse.json(
      'currentPassword' in body || 'newPassword' in body
        ? fixtures.messages.passwordChanged
        : fixtures.messages.activityLogSaved,
    );
  }),
];

/** The server's words for a wrong or reused app code. */
const wrongCodeMessage =
  'That code is not right, or was already used. Check the time on your device and use the newest code.';

const rowValues = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('ul > li > button')].map((row) => row.textContent);

/**
 * /dashboard/profile: "My Profile" with Personal Information (eight rows, each opening "Update
 * Profile"), Security Information (the activity-log switch and "Change Password") and Notifications
 * (switches kept in this browser).
 */
const meta = {
  title: 'Site/Dashboard/Profile',
  component: ProfileScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1024, height: 760 } },
  beforeEach({ msw }) {
    saved = fixtures.userInfo;
    patches = [];
    toast.remove();
    localStorage.removeItem(notificationChoicesKey);
    msw.use(...profileServer);
    return () => {
      toast.remove();
      localStorage.removeItem(notificationChoicesKey);
    };
  },
} satisfies Meta<typeof ProfileScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading your profile' })).toBeVisible();
  },
};

export const PersonalInformation: Story = {
  play: async ({ canvas, canvasElement }) => {
    const tab = await canvas.findByRole('tab', { name: 'Personal Information' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'Security Information' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Notifications' })).toBeVisible();
    await expect(rowValues(canvasElement)).toEqual([
      'Full Name: Jane Cooper',
      'Email: jane@example.com',
      'Phone Number: (555) 123-4567',
      'Address: 48 Maple Avenue, Springfield, IL 62704',
      'Country: United States',
      'Marital Status: married',
      'Gender: female',
      'Investment Goal: retirement',
    ]);
  },
};

/** A new account: the fields never filled in read "unknown". */
export const Empty: Story = {
  beforeEach() {
    saved = fixtures.newUserInfo;
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('tab', { name: 'Personal Information' });
    await expect(rowValues(canvasElement).slice(3)).toEqual([
      'Address: unknown',
      'Country: United States',
      'Marital Status: unknown',
      'Gender: unknown',
      'Investment Goal: unknown',
    ]);
  },
};

/** A failed profile fetch is logged, the spinner stops and the profile shows empty. */
export const ServerError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.error(500, 'Internal error'));
    const logged = spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('tab', { name: 'Personal Information' });
    await expect(rowValues(canvasElement).every((row) => row?.endsWith('unknown'))).toBe(true);
    await expect(console.error).toHaveBeenCalled();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

/** Any row opens "Update Profile" at its own field; every field starts empty. */
export const UpdateProfile: Story = {
  parameters: { screenshot: { width: 1024, height: 1100 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Phone Number/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    const phone = within(dialog).getByLabelText(/^Phone Number/);
    await waitFor(() => expect(phone).toHaveFocus());
    await expect(phone).toHaveValue('');
    await expect(phone).toHaveAccessibleDescription('Currently: (555) 123-4567');
    // Visible once its opening transition has played.
    await waitFor(() => expect(dialog).toBeVisible());
    for (const label of ['Full Name', 'Country', 'Address', 'Marital Status', 'Gender', 'Investment Goal']) {
      await expect(within(dialog).getByLabelText(new RegExp(`^${label}`))).toBeVisible();
    }
  },
};

/** Empty fields are left out; the form data carries only what was filled in. */
export const UpdateSendsOnlyFilledFields: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Full Name/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    await userEvent.type(within(dialog).getByLabelText(/^Full Name/), 'Jane Q. Cooper');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Marital Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Single' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByText('Profile updated successfully')).toBeVisible());
    await expect(patches).toEqual([
      { kind: 'form', body: { fullname: 'Jane Q. Cooper', maritalStatus: 'single' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The profile is fetched again and shows what was saved.
    await expect(
      await canvas.findByRole('button', { name: /^Full Name\s*:\s*Jane Q\. Cooper$/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^Marital Status\s*:\s*single$/ })).toBeVisible();
    toast.remove();
  },
};

/**
 * A phone number follows the profile's country: kept in E.164, shown in the country's own format,
 * typed as written there and sent in E.164.
 */
export const PhoneInTheUnitedKingdom: Story = {
  beforeEach() {
    saved = { ...fixtures.userInfo, country: 'United Kingdom', phone: '+447700900123' };
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Phone Number\s*:\s*07700 900123$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    const phone = within(dialog).getByLabelText(/^Phone Number/);
    await expect(phone).toHaveAccessibleDescription('Currently: 07700 900123');
    await userEvent.type(phone, '07700900456');
    await expect(phone).toHaveValue('07700 900456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByText('Profile updated successfully')).toBeVisible());
    await expect(patches).toEqual([{ kind: 'form', body: { phone: '+447700900456' } }]);
    await expect(
      await canvas.findByRole('button', { name: /^Phone Number\s*:\s*07700 900456$/ }),
    ).toBeVisible();
    toast.remove();
  },
};

/** A number that is not one of the country's is refused under the field, and nothing is sent. */
export const PhoneRefused: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Phone Number/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    const phone = within(dialog).getByLabelText(/^Phone Number/);
    await userEvent.type(phone, '555123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expect(await within(dialog).findByText('Provide a valid phone number')).toBeVisible();
    await expect(phone).toHaveAccessibleDescription(/Provide a valid phone number/);
    await expect(patches).toEqual([]);
  },
};

/** The server refused: its message as an error toast, and the dialog stays open to correct it. */
export const UpdateRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.updateUserInfo.error(400, 'fullname: must be at most 100 characters'));
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Full Name/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    await userEvent.type(within(dialog).getByLabelText(/^Full Name/), 'Jane');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByText('fullname: must be at most 100 characters')).toBeVisible());
    await expect(screen.getByRole('dialog', { name: 'Update Profile' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Save changes' })).not.toHaveAttribute(
      'aria-busy',
    );
    toast.remove();
  },
};

export const SecurityInformation: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Security Information' }));
    await expect(canvas.getByRole('switch', { name: 'Save my Activity Logs' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Change Password' })).toBeVisible();
  },
};

/** The switch is saved at once as JSON `activityLogStatus`. */
export const ActivityLogSaved: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Security Information' }));
    const logs = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await userEvent.click(logs);
    await expect(logs).not.toBeChecked();
    await waitFor(() => expect(patches).toEqual([{ kind: 'json', body: { activityLogStatus: false } }]));
  },
};

/** Saving the switch fails silently, and the switch keeps the position it was given. */
export const ActivityLogSaveFails: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.updateUserInfo.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Security Information' }));
    const logs = canvas.getByRole('switch', { name: 'Save my Activity Logs' });
    await userEvent.click(logs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(logs).not.toBeChecked();
    await expect(screen.queryByText('Internal error')).toBeNull();
  },
};

export const UpdatePassword: Story = {
  parameters: { screenshot: { width: 1024, height: 760 } },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await expect(within(dialog).getByLabelText(/^Current Password/)).toHaveValue('');
    await expect(within(dialog).getByLabelText(/^New Password/)).toHaveValue('');
    await expect(within(dialog).getByLabelText(/^New Password/)).toHaveAccessibleDescription(
      'At least 8 characters, and not a commonly used password.',
    );
    await expect(within(dialog).getByLabelText(/^Confirm New Password/)).toHaveValue('');
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

async function openPasswordDialog(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('tab', { name: 'Security Information' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Change Password' }));
  return screen.findByRole('dialog', { name: 'Update Password' });
}

async function fillPasswords(dialog: HTMLElement, current: string, next: string, confirmation = next) {
  await userEvent.type(within(dialog).getByLabelText(/^Current Password/), current);
  await userEvent.type(within(dialog).getByLabelText(/^New Password/), next);
  await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), confirmation);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));
}

/** The server answers 400 with `msg`, and keeps what was sent. */
const passwordRefusal = (msg: string) =>
  http.patch('*/api/v1/users/user-info', async ({ request }) => {
    patches.push({ kind: 'json', body: (await request.json()) as Record<string, unknown> });
    return HttpResponse.json({ msg }, { status: 400 });
  });

/** Both passwords go as JSON (the confirmation stays here); the server's message is shown and the dialog closes. */
export const PasswordChanged: Story = {
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await fillPasswords(dialog, 'correct-horse-battery-staple', 'violet-anchor-meadow-93');
    await waitFor(() => expect(screen.getByText('Password changed successfully')).toBeVisible());
    await expect(patches).toEqual([
      {
        kind: 'json',
        body: { currentPassword: 'correct-horse-battery-staple', newPassword: 'violet-anchor-meadow-93' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};

/** Sent empty: each field says what it needs, under it, and nothing is sent. */
export const PasswordFieldsRequired: Story = {
  parameters: { screenshot: { width: 1024, height: 760 } },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await expect(await within(dialog).findByText('Current password is required')).toBeVisible();
    await expect(within(dialog).getByText('New password is required')).toBeVisible();
    await expect(within(dialog).getByText('Confirm Password is required')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Current Password/)).toHaveFocus());
    await expect(patches).toEqual([]);
  },
};

/** Too short a new password, or a confirmation that differs, is caught here before anything is sent. */
export const NewPasswordTooShortOrDifferent: Story = {
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await fillPasswords(dialog, 'correct-horse-battery-staple', 'short', 'shorter');
    await expect(
      await within(dialog).findByText('The new password must be at least 8 characters'),
    ).toBeVisible();
    await expect(within(dialog).getByText('Passwords must match')).toBeVisible();
    await expect(patches).toEqual([]);
  },
};

/** A wrong current password is said under that field, in plain words. */
export const CurrentPasswordIncorrect: Story = {
  parameters: { screenshot: { width: 1024, height: 760 } },
  beforeEach({ msw }) {
    msw.use(passwordRefusal('currentPassword is incorrect'));
  },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await fillPasswords(dialog, 'not-my-password', 'violet-anchor-meadow-93');
    const current = within(dialog).getByLabelText(/^Current Password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is incorrect'));
    await waitFor(() => expect(current).toHaveFocus());
    await expect(screen.queryByText('currentPassword is incorrect')).toBeNull();
    // Typing in the field takes the message away.
    await userEvent.type(current, 'x');
    await expect(current).not.toHaveAccessibleDescription('The current password is incorrect');
  },
};

/** The policy's refusal of a common password goes under the new password. */
export const NewPasswordTooCommon: Story = {
  beforeEach({ msw }) {
    msw.use(
      passwordRefusal(
        'newPassword is one of the most commonly used passwords: choose one that is harder to guess',
      ),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await fillPasswords(dialog, 'correct-horse-battery-staple', 'password123');
    await expect(
      await within(dialog).findByText(
        'The new password is one of the most commonly used passwords: choose one that is harder to guess',
      ),
    ).toBeVisible();
    await expect(within(dialog).getByLabelText(/^New Password/)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Any other refusal is never shown in the validator's words: one plain sentence instead. */
export const PasswordRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      passwordRefusal(
        'body must be one of: { seen } or { activityLogStatus } or { currentPassword, newPassword }',
      ),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    await fillPasswords(dialog, 'correct-horse-battery-staple', 'violet-anchor-meadow-93');
    await waitFor(() =>
      expect(
        screen.getByText('The password could not be changed. Check the three fields and try again.'),
      ).toBeVisible(),
    );
    await expect(screen.queryByText(/body must be/)).toBeNull();
    await expect(screen.getByRole('dialog', { name: 'Update Password' })).toBeInTheDocument();
    toast.remove();
  },
};

/**
 * Two-factor on: the dialog asks for the app's code as well and sends it as `twoFactorCode`; a wrong
 * code (403) is said under the code field, in the server's own sentence.
 */
export const PasswordWithTwoFactor: Story = {
  parameters: { screenshot: { width: 1024, height: 900 } },
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      http.patch('*/api/v1/users/user-info', async ({ request }) => {
        patches.push({ kind: 'json', body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json({ msg: wrongCodeMessage }, { status: 403 });
      }),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await openPasswordDialog(canvas);
    const code = await within(dialog).findByRole('textbox', { name: /^Authentication code/ });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(within(dialog).getByLabelText(/^Current Password/), 'correct-horse-battery-staple');
    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'violet-anchor-meadow-93');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), 'violet-anchor-meadow-93');
    // Without the code nothing is sent: the field says what it needs.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await expect(await within(dialog).findByText('Enter the code from your authenticator app')).toBeVisible();
    await expect(patches).toEqual([]);
    await userEvent.type(code, '492039');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        `The 6-digit code your authenticator app shows now. ${wrongCodeMessage}`,
      ),
    );
    await waitFor(() => expect(code).toHaveFocus());
    await expect(patches).toEqual([
      {
        kind: 'json',
        body: {
          currentPassword: 'correct-horse-battery-staple',
          newPassword: 'violet-anchor-meadow-93',
          twoFactorCode: '492039',
        },
      },
    ]);
  },
};

/** Local switches, all on but new-browser sign-in; a change is kept in this browser, never sent. */
export const Notifications: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Notifications' }));
    await expect(canvas.getByRole('switch', { name: 'Unusual activity' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'New browser sign-in' })).not.toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Sales and latest news' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'New features and updates' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Tips' })).toBeChecked();

    await userEvent.click(canvas.getByRole('switch', { name: 'New browser sign-in' }));
    await expect(canvas.getByRole('switch', { name: 'New browser sign-in' })).toBeChecked();
    await expect(JSON.parse(localStorage.getItem(notificationChoicesKey) ?? '{}')).toMatchObject({
      newBrowserSignIn: true,
    });
    await expect(patches).toEqual([]);
  },
};

/** The tabs and rows from the keyboard: arrows between tabs, Tab into the rows, Enter opens the form. */
export const WithKeyboard: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('tab', { name: 'Personal Information' });
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Personal Information' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Security Information' })).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: /^Full Name/ })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    await waitFor(() => expect(within(dialog).getByLabelText(/^Full Name/)).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('button', { name: /^Full Name/ })).toHaveFocus());
  },
};

/** Every tab lies within the screen's width: none is hidden off to the side. */
async function expectTabsWithin(canvas: ReturnType<typeof within>, width: number) {
  const tabs = await canvas.findAllByRole('tab');
  await expect(tabs).toHaveLength(3);
  for (const tab of tabs) {
    const box = tab.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(width);
  }
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
}

/** The narrowest phone: the third tab wraps onto a second row rather than off the screen. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 900 } },
  play: async ({ canvas }) => {
    await expectTabsWithin(canvas, 320);
  },
};

/** A 375 px phone: the three tabs share one row, their labels on two lines; the arrows reach "Notifications". */
export const NotificationsOnAPhone: Story = {
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    await expectTabsWithin(canvas, 375);
    const tops = canvas.getAllByRole('tab').map((tab) => tab.getBoundingClientRect().top);
    await expect(new Set(tops).size).toBe(1);
    canvas.getByRole('tab', { name: 'Personal Information' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const notifications = canvas.getByRole('tab', { name: 'Notifications' });
    await waitFor(() => expect(notifications).toHaveFocus());
    await expect(notifications).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Notifications' })).toBeVisible();
  },
};
