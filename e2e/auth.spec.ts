import { strongPassword, tokenOf, uniqueEmail, verifiedAccount } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';
import { choose, expect, expectToastShown, type Page, test } from './support/test';

/** A toast's text, in the toasts' region (Radix copies it into a hidden live region as well). */
const _toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

test('register with a referral link, verify by mail, sign in and land on the overview', async ({
  page,
  request,
}) => {
  const referrer = await verifiedAccount(request, 'Rita Referrer');
  const token = await tokenOf(request, referrer.email, referrer.password);
  const info = await request.get('/api/v1/users/user-info?fields=referralLink', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { referralLink } = (await info.json()) as { referralLink: string };
  const code = new URL(referralLink).searchParams.get('ref') ?? '';
  expect(code).not.toBe('');

  await page.goto(new URL(referralLink).pathname + new URL(referralLink).search);
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  // The form's code arrives at the first sign of a person (the pointer over it) and takes the link's ID.
  await page.getByLabel(/^Referral ID/).hover();
  await expect(page.getByLabel(/^Referral ID/)).toHaveValue(code);

  const email = uniqueEmail('newcomer');
  await page.getByLabel(/^Full name/).fill('Nina Newcomer');
  await page.getByLabel(/^Email/).fill(email.toUpperCase());
  await page.getByLabel(/^Phone number/).fill('5559876543');
  await choose(page, /^Country/, 'Canada');
  await choose(page, /^Investment goal/, 'Other');
  await page.getByLabel(/^Your investment goal/).fill('Save for a sailing boat');
  await page.getByLabel(/^Password/).fill(strongPassword);
  await page.getByLabel(/^Confirm password/).fill(strongPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/check-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  // The address was lower-cased before sending: the mail goes to the lower-case address.
  const link = linkIn(await waitForMail(email, /Verify your email/), '/verify-email');
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Email Verified. Congratulations!' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(strongPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToastShown(page, 'Login Successful');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('user-info') ?? 'null'));
  expect(saved).toMatchObject({ token: expect.any(String), name: 'Nina Newcomer', role: 'user' });

  // The referral was recorded against the referrer.
  const referrals = await request.get('/api/v1/referrals', { headers: { authorization: `Bearer ${token}` } });
  expect(((await referrals.json()) as { items: unknown[] }).items).toHaveLength(1);
});

test('the verification link works once; the second use shows the server message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('twice');
  await request.post('/api/v1/auth/register', {
    data: {
      fullname: 'Tom Twice',
      email,
      phone: '(555) 123-4567',
      password: strongPassword,
      country: 'Canada',
    },
  });
  const link = linkIn(await waitForMail(email, /Verify your email/), '/verify-email');
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Email Verified. Congratulations!' }),
  ).toBeVisible();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not verify your email' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-up shows every validation message of the spec, word for word', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'Please enter your fullname',
    'Email is required',
    'Phone number is required',
    'Password is required',
    'Confirm Password is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel(/^Email/).fill('not-an-email');
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();
  await page.getByLabel(/^Password/).fill('one-long-password');
  await page.getByLabel(/^Confirm password/).fill('another-long-password');
  await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();
});

test('the server refuses what only it can check, and its message is shown', async ({ page }) => {
  await page.goto('/sign-up?ref=nosuchcode');
  await page.getByLabel(/^Full name/).fill('Someone Else');
  await page.getByLabel(/^Email/).fill(uniqueEmail('refused'));
  await page.getByLabel(/^Phone number/).fill('5551112222');
  await choose(page, /^Country/, 'Canada');
  await page.getByLabel(/^Password/).fill(strongPassword);
  await page.getByLabel(/^Confirm password/).fill(strongPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectToastShown(page, /not a known referral code/i);
  await expect(page).toHaveURL(/\/sign-up\?ref=nosuchcode$/);
});

test('signing up with an email that has an account looks the same; its owner is told', async ({
  page,
  request,
}) => {
  const owner = await verifiedAccount(request, 'Tara Taken');
  await page.goto('/sign-up');
  await page.getByLabel(/^Full name/).fill('Someone Else');
  await page.getByLabel(/^Email/).fill(owner.email);
  await page.getByLabel(/^Phone number/).fill('5551112222');
  await choose(page, /^Country/, 'Canada');
  await page.getByLabel(/^Password/).fill(strongPassword);
  await page.getByLabel(/^Confirm password/).fill(strongPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/check-email$/);
  const notice = await waitForMail(owner.email, /tried to create/);
  expect(linkIn(notice, '/sign-in').pathname).toBe('/sign-in');
});

test('sign-in shows its validation messages and the server message for a wrong password', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Sam Signin');
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await page.getByLabel(/^Email/).fill('sam@');
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();

  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToastShown(page, /incorrect|invalid|wrong/i);
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('user-info'))).toBeNull();
});

/**
 * Holds back a script of the site (`pattern` names its chunk), as on a slow network: the page goes on
 * without it until the returned function lets it through.
 */
async function holdScript(page: Page, chunk: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]{8}\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back the script that hydrates an island page: the prerendered page is on screen without it. */
const holdIslandScript = (page: Page) => holdScript(page, 'island');

/** The site's scripts the page fetches from now on, by chunk name (`SignInForm`, `island`). */
function scriptsFetched(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/([\w-]+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
    if (request.resourceType() === 'script' && name) names.push(name);
  });
  return names;
}

test('the sign-in form fetches its code only once someone is there, and a sign-in sent first waits for it', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Dora Deferred');
  const scripts = scriptsFetched(page);
  const release = await holdScript(page, 'SignInForm');
  await page.goto('/sign-in');
  await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
  await page.waitForLoadState('networkidle');
  expect(scripts).toContain('island');
  expect(scripts).not.toContain('SignInForm');

  // Typing is the first sign of a person: the code is asked for, and held back here.
  await page.getByLabel(/^Email/).fill('dora@');
  await page.getByLabel(/^Password/).fill(account.password);
  await expect.poll(() => scripts.includes('SignInForm')).toBe(true);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/sign-in$/);

  // Once it arrives, the held sign-in is made with what was typed: the email is refused as typed.
  release();
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toBeFocused();
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToastShown(page, 'Login Successful');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test("a field left before the form's code arrived shows its error when it does", async ({ page }) => {
  const release = await holdScript(page, 'SignInForm');
  await page.goto('/sign-in');
  await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
  await page.getByLabel(/^Email/).fill('sam@');
  await page.getByLabel(/^Email/).press('Tab');
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  release();
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();
});

test('a phone number typed before the form’s code arrived stays when another field is typed in', async ({
  page,
}) => {
  const release = await holdScript(page, 'SignUpForm');
  await page.goto('/sign-up');
  await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
  await page.getByLabel(/^Phone number/).fill('5551112222');
  await page.getByLabel(/^Full name/).fill('Petra Early');
  release();
  await expect(page.locator('[data-deferred="live"]')).toHaveCount(1);
  // Typing in another field re-renders the form: the number typed before must survive it (unformatted
  // until a country says how its numbers are written).
  await page.getByLabel(/^Email/).fill(uniqueEmail('petra'));
  await expect(page.getByLabel(/^Phone number/)).toHaveValue('5551112222');
  await expect(page.getByLabel(/^Full name/)).toHaveValue('Petra Early');
});

test('a sign-in sent before the page is interactive waits for the app, then signs in; nothing goes in the URL', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Hana Hurried');
  const release = await holdIslandScript(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

  release();
  await expectToastShown(page, 'Login Successful');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test('an email typed before the page is interactive stays when the password is typed after', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Ezra Early');
  const release = await holdIslandScript(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel(/^Email/).fill(account.email);
  release();
  await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
  // Typing in another field re-renders the form: the email typed before must survive it.
  await page.getByLabel(/^Password/).fill(account.password);
  await expect(page.getByLabel(/^Email/)).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToastShown(page, 'Login Successful');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test('forgot password: mail, new password, sign in with it; the old link then fails', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Fay Forgetful');
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await page.getByLabel(/^Email/).fill('fay@');
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /reset link/ })).toBeVisible();

  const link = linkIn(await waitForMail(account.email, /Reset your/), '/change-password');
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm Password is required', { exact: true })).toBeVisible();
  const newPassword = 'copper-lantern-orchard-58';
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm password/).fill(`${newPassword}x`);
  await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToastShown(page, /password has been reset/i);
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);

  // The same link a second time: the server's message, and the page stays.
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^New password/).fill('another-fresh-password-77');
  await page.getByLabel(/^Confirm password/).fill('another-fresh-password-77');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToastShown(page, /invalid|expired|used/i);
  await expect(page).toHaveURL(/\/change-password\?/);
});

test('the pages read from their link: prerendered, then hydrated or rendered afresh with no error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // A hydration that failed is reported as an uncaught error (React's default onRecoverableError).
  page.on('pageerror', (error) => errors.push(error.message));
  const live = () => page.waitForFunction(() => 'ready' in document.documentElement.dataset);

  await page.goto('/sign-up?ref=FRIEND42');
  await live();
  await expect(page.getByText('You were invited with referral ID')).toContainText('FRIEND42');
  await page.getByLabel(/^Referral ID/).hover();
  await expect(page.getByLabel(/^Referral ID/)).toHaveValue('FRIEND42');

  await page.goto('/sign-up');
  await live();
  await expect(page.getByText('You were invited with referral ID')).toHaveCount(0);

  await page.goto('/verify-email?email=someone%40example.test');
  await live();
  await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
  await expect(page.getByText('This verification link is incomplete.')).toBeVisible();

  await page.goto('/change-password?email=someone%40example.test&token=abcdefgh');
  await live();
  await expect(page.getByText('For someone@example.test.')).toBeVisible();
  await page.goto('/change-password');
  await live();
  await expect(page.getByRole('heading', { name: 'This reset link is incomplete' })).toBeVisible();
  expect(errors).toEqual([]);
});
