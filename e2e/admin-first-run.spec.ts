import { Secret, TOTP } from 'otpauth';
import { strongPassword, tokenOf, uniqueEmail } from './support/accounts';
import { authenticatorApp } from './support/authenticator';
import { expectNoAxeViolations } from './support/axe';
import { watchConsoleErrors } from './support/console-errors';
import { bearer, readOverview, signIn as signInAsUser, walletAddress } from './support/dashboard';
import { linkIn } from './support/mailbox';
import { pngFile } from './support/png';
import { type ServerInstance, startServerInstance } from './support/server-instance';
import { test as base, expect, expectToastShown, type Page, readyPage } from './support/test';

/**
 * A server of its own for each test, started as on a fresh machine: no ADMIN_EMAIL or ADMIN_PASSWORD,
 * so it generates the admin and prints the credentials once, and ADMIN_TWO_FACTOR at its default
 * (`required`), so the admin turns two-factor on before anything else. The run's shared server has its
 * admin configured, and its database has long had one, so it can never show a first run. The pages
 * and `request` of the test talk to this server.
 */
const test = base.extend<{ server: ServerInstance }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const server = await startServerInstance('first-run', {
        ADMIN_EMAIL: undefined,
        ADMIN_PASSWORD: undefined,
        ADMIN_TWO_FACTOR: undefined,
      });
      try {
        await use(server);
      } finally {
        await server.stop();
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach('server output', { body: server.output(), contentType: 'text/plain' });
        }
      }
    },
    // A fresh embedded database is created and migrated at start: seconds alone, minutes on a machine
    // as busy as a full test run makes it (the server's own bound, server-instance.ts, is 360 s).
    { timeout: 420_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
});

type Credentials = { email: string; password: string };

/**
 * The admin's email and password as the server prints them at its first start, in a block such as
 *   An admin account was created.
 *     email:    admin@ledgerline.local
 *     password: 3kq…
 * Only the password's hash is stored, so this output is the one place to read it.
 */
function printedAdminIn(stdout: string): Credentials | null {
  const block = /An admin account was created\.\s+email:\s*(\S+@\S+)\s+password:\s*(\S+)/i.exec(stdout);
  return block?.[1] && block[2] ? { email: block[1], password: block[2] } : null;
}

async function printedAdminOf(server: ServerInstance): Promise<Credentials> {
  // Printed before the server listens; the pipe may deliver it a moment after /healthz answers.
  await expect
    .poll(() => printedAdminIn(server.stdout()), { message: 'the admin credentials on stdout' })
    .not.toBeNull();
  const credentials = printedAdminIn(server.stdout());
  if (!credentials) throw new Error(`No admin credentials in the server's output:\n${server.output()}`);
  return credentials;
}

async function signInThroughPage(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The code an authenticator app shows for `secret` at `at` (HMAC-SHA-1, 6 digits, 30 seconds), as a
 * person would read it off their phone.
 */
function appCode(secret: string, at = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: at });
}

/** The bearer token the page saved when it signed in. */
async function savedToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user-info') ?? 'null') as { token?: string } | null)?.token,
  );
  if (!token) throw new Error('No token saved after signing in');
  return token;
}

/** Registers an account on this test's server and verifies it through the mail that server sends. */
async function verifiedAccountOn(page: Page, server: ServerInstance, fullname: string) {
  const email = uniqueEmail(fullname.split(' ')[0]?.toLowerCase() ?? 'user');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { fullname, email, phone: '(555) 123-4567', password: strongPassword, country: 'Canada' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = linkIn(await server.inbox.waitForMail(email, /Verify your email/), '/verify-email');
  const verified = await page.request.post('/api/v1/auth/verify-email', {
    data: { email, verificationToken: link.searchParams.get('verificationToken') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password: strongPassword, fullname };
}

test('a new operator signs in with the printed password, chooses their own, turns on two-factor, and runs the back office', async ({
  page,
  server,
  browser,
}) => {
  // Four codes of one app need two 30-second steps more than a quiet run of this walk would take.
  test.setTimeout(420_000);
  const errors = watchConsoleErrors(page);
  const printed = await printedAdminOf(server);
  const chosen: Credentials = { email: printed.email, password: 'copper-lantern-orchard-58' };
  const firstPasswordStep = page.getByRole('heading', { level: 1, name: 'Choose your password' });
  const enrolStep = page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' });
  const today = page.getByRole('heading', { level: 1, name: 'Today' });

  await test.step('the printed credentials open the back office on the change-password step', async () => {
    await signInThroughPage(page, printed);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(firstPasswordStep).toBeVisible();
    await expectNoAxeViolations(page);

    // Every screen of the back office waits behind the step, and the server refuses its calls.
    await page.goto('/admin/deposits');
    await expect(firstPasswordStep).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toHaveCount(0);
    const refused = await page.request.get('/api/v1/admin/deposits', {
      headers: bearer(await savedToken(page)),
    });
    expect(refused.status()).toBe(403);
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(firstPasswordStep).toBeVisible();
  });

  await test.step('a common password is refused; a good one replaces the printed one', async () => {
    await page.getByLabel(/^Password printed at start-up/).fill(printed.password);
    await page.getByLabel(/^New password/).fill('password123');
    await page.getByLabel(/^Confirm password/).fill('password123');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectToastShown(page, /one of the most commonly used passwords/);
    await expect(firstPasswordStep).toBeVisible();

    await page.getByLabel(/^New password/).fill(chosen.password);
    await page.getByLabel(/^Confirm password/).fill(chosen.password);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expectToastShown(page, 'Password changed successfully');
    await expect(enrolStep).toBeVisible();
    await expect(firstPasswordStep).toHaveCount(0);

    const withPrinted = await page.request.post('/api/v1/auth/login', { data: printed });
    expect(withPrinted.status()).toBe(401);
    await tokenOf(page.request, chosen.email, chosen.password);
  });

  let enabledAt = 0;
  const secret =
    await test.step('the back office waits behind two-factor until the app proves it has the secret', async () => {
      await expect(today).toHaveCount(0);
      await expectNoAxeViolations(page);
      const refused = await page.request.get('/api/v1/admin/deposits', {
        headers: bearer(await savedToken(page)),
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { msg: string }).msg).toMatch(
        /^Turn on two-factor authentication first/,
      );

      await expect(page.getByRole('img', { name: /^QR code of the secret/ })).toBeVisible();
      const shown = await page.getByRole('textbox', { name: 'Secret' }).inputValue();
      expect(shown).toMatch(/^[A-Z2-7]{32}$/);
      enabledAt = Date.now();
      await page.getByLabel(/^Authentication code/).fill(appCode(shown, enabledAt));
      await page.getByLabel(/^Password/).fill(chosen.password);
      await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      await expectToastShown(page, 'Two-factor authentication is on');

      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
      await page.getByRole('button', { name: 'Continue to the back office' }).click();
      await expect(today).toBeVisible();
      await expect(enrolStep).toHaveCount(0);
      return shown;
    });

  // The first admin's app: each act that moves money, or where it goes, takes a fresh code.
  const nextCode = authenticatorApp(secret, enabledAt);

  await test.step('signing in again takes the password and a code from the app', async () => {
    await page.getByRole('button', { name: /administrator/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInThroughPage(page, chosen);
    // The code that turned two-factor on is spent, and so is every older one: the app's next code
    // (the server accepts one step of clock drift either way).
    await page.getByLabel(/^Authentication code/).fill(await nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(today).toBeVisible();
  });

  const second = { email: uniqueEmail('bea'), password: 'amber-harbour-violin-47', fullname: 'Bea Second' };
  await test.step('the admin invites a second admin, with a code', async () => {
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite an admin' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite an admin' });
    await invite.getByRole('textbox', { name: /^Email/ }).fill(second.email);
    await invite.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill(await nextCode());
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('dialog', { name: 'Invitation sent' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectNoAxeViolations(page);
  });

  // The second admin works in a browser of their own.
  const secondContext = await browser.newContext({ baseURL: server.baseUrl });
  const secondPage = await readyPage(await secondContext.newPage());
  const secondCode =
    await test.step('the invited admin joins from the mail, and turns two-factor on', async () => {
      const link = linkIn(await server.inbox.waitForMail(second.email, /invited/i), '/admin-invitation');
      await secondPage.goto(`${link.pathname}${link.search}`);
      await expect(secondPage.getByRole('heading', { level: 1, name: 'Join the back office' })).toBeVisible();
      await secondPage.getByLabel(/^Full name/).fill(second.fullname);
      await secondPage.getByLabel(/^Password/).fill(second.password);
      await secondPage.getByLabel(/^Confirm password/).fill(second.password);
      await secondPage.getByRole('button', { name: 'Join the back office' }).click();
      await expect(
        secondPage.getByRole('heading', { level: 1, name: 'Welcome to the back office' }),
      ).toBeVisible();

      await signInThroughPage(secondPage, second);
      await expect(secondPage).toHaveURL(/\/admin$/);
      const shown = await secondPage.getByRole('textbox', { name: 'Secret' }).inputValue();
      const at = Date.now();
      await secondPage.getByLabel(/^Authentication code/).fill(appCode(shown, at));
      await secondPage.getByLabel(/^Password/).fill(second.password);
      await secondPage.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      await secondPage.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
      await secondPage.getByRole('button', { name: 'Continue to the back office' }).click();
      await expect(secondPage.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      return authenticatorApp(shown, at);
    });

  const walletName = 'Bitcoin main';
  await test.step('the admin proposes the deposit wallet; alone, they cannot add it', async () => {
    await page.getByRole('link', { name: 'Wallets', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a wallet' }).click();
    const form = page.getByRole('dialog', { name: 'Add a wallet' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(walletName);
    await form.getByRole('combobox', { name: /^Coin/ }).click();
    await page.getByRole('option', { name: 'Bitcoin', exact: true }).click();
    await form.getByRole('textbox', { name: /^Address/ }).fill(walletAddress);
    // The server draws the QR code from the address before anything is saved.
    await form.getByRole('button', { name: 'Preview QR code' }).click();
    const preview = page.getByRole('dialog', { name: `Check the QR code of ${walletName}` });
    await expect(
      preview.getByRole('img', { name: `QR code of ${walletName}, for the address ${walletAddress}` }),
    ).toBeVisible();
    await preview.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill(await nextCode());
    await preview.getByRole('button', { name: 'Add wallet' }).click();
    const proposed = page.getByRole('dialog', { name: `${walletName} proposed` });
    await proposed.getByRole('button', { name: 'Done' }).click();
    await expect(proposed).toBeHidden();
    await expect(page.getByRole('rowheader', { name: walletName, exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: /^Approvals/ }).click();
    const row = page.getByRole('row').filter({ hasText: walletName });
    await expect(row).toContainText('You proposed this: another admin must approve it.');
  });

  await test.step('the second admin approves the wallet with a code of their own', async () => {
    await secondPage.getByRole('link', { name: /^Approvals/ }).click();
    const row = secondPage.getByRole('row').filter({ hasText: walletName });
    await row.getByRole('button', { name: /^Review the proposal of/ }).click();
    const review = secondPage.getByRole('dialog', { name: 'Proposed wallet change' });
    await expect(review).toContainText(walletAddress.slice(0, 4));
    await review.getByRole('button', { name: 'Approve…' }).click();
    await review.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill(await secondCode());
    await review.getByRole('button', { name: 'Approve and apply' }).click();
    await expectToastShown(secondPage, 'Approved and applied');
    await expectNoAxeViolations(secondPage);
    await secondContext.close();
  });

  const user = await test.step('a user signs up and pays a deposit to that wallet', async () => {
    const account = await verifiedAccountOn(page, server, 'Flora First');
    const token = await tokenOf(page.request, account.email, account.password);
    const deposited = await page.request.post('/api/v1/deposits', {
      headers: bearer(token),
      multipart: {
        type: 'bitcoin',
        amount: '250.00',
        paymentTo: walletAddress,
        image: pngFile('receipt.png'),
      },
    });
    expect(deposited.status(), await deposited.text()).toBe(201);
    const { transaction } = (await deposited.json()) as { transaction: { ref: string } };
    return { account, ref: transaction.ref };
  });

  await test.step('the admin approves the deposit, with a code', async () => {
    await page.getByRole('link', { name: 'Deposits', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: user.ref });
    await row.getByRole('button', { name: `Review deposit ${user.ref}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deposit ${user.ref}` });
    await dialog.getByRole('button', { name: 'Approve…' }).click();
    await dialog.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill(await nextCode());
    await dialog.getByRole('button', { name: 'Approve $250.00' }).click();
    await expectToastShown(page, `Deposit approved: ${user.ref}`);
    await expect(row).toHaveCount(0);
  });

  await test.step('the user’s overview shows the deposit in the balance', async () => {
    await page.getByRole('button', { name: /administrator/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInAsUser(page, user.account);
    expect(await readOverview(page)).toMatchObject({
      'Total Balance': 250_00,
      'Total Deposits': 250_00,
      'Pending Deposits': 0,
    });
  });

  // The one error the browser logs is the server's answer to the common password, which it prints for
  // every 4xx a page's fetch receives.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request) (/api/v1/users/user-info)',
  ]);
});
