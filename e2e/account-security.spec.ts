import { tokenOf, verifiedAccount } from './support/accounts';
import { authenticatorApp } from './support/authenticator';
import { approvedDeposit, bearer, signIn } from './support/dashboard';
import { expect, test } from './support/test';

const bitcoinAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('two-factor from the QR’s secret: another session signed out, a sign-in and a withdrawal with codes', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Tariq Twofactor');
  const apiToken = await tokenOf(request, account.email, account.password);
  await approvedDeposit(request, apiToken, '200.00');
  // Another device, signed in before two-factor is on.
  const otherLogin = await request.post('/api/v1/auth/login', {
    headers: { 'user-agent': firefoxOnWindows },
    data: { email: account.email, password: account.password },
  });
  expect(otherLogin.status()).toBe(200);
  const otherToken = ((await otherLogin.json()) as { token: string }).token;

  await signIn(page, account);
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: 'Security Information' }).click();

  const nextCode = await test.step('turn two-factor on with the setup key the page shows', async () => {
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Setup key' }).inputValue();
    const app = authenticatorApp(secret.replace(/\s/g, ''));
    await dialog.getByRole('textbox', { name: /^Code from the app/ }).fill(await app());
    await dialog.getByLabel(/^Password/).fill(account.password);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await codes.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
    await codes.getByRole('button', { name: 'Done' }).click();
    const offer = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await offer.getByRole('button', { name: 'Keep them signed in' }).click();
    await expect(offer).toBeHidden();
    return app;
  });

  await test.step('sign the other device out from the sessions list', async () => {
    const sessions = page.getByRole('list', { name: 'Sessions signed in' });
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await sessions.getByRole('button', { name: /^Sign out Firefox 133 on Windows/ }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const refused = await request.get('/api/v1/users/user-info', { headers: bearer(otherToken) });
    expect(refused.status()).toBe(401);
  });

  await test.step('signing in again takes the password, then a code', async () => {
    await page.getByRole('button', { name: new RegExp(account.fullname, 'i') }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel(/^Authentication code/).fill(await nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  await test.step('a withdrawal asks for a code, and goes with one', async () => {
    await page.goto('/dashboard/withdrawal');
    // The form asks for the code once it has read that two-factor is on.
    const code = page.getByLabel(/^Authentication code/);
    await expect(code).toBeVisible();
    await page.getByRole('radio', { name: 'Bitcoin' }).check();
    await page.getByLabel(/^Withdrawal address/).fill(bitcoinAddress);
    await page.getByLabel(/^Amount in USD/).fill('25.00');
    await page.getByRole('button', { name: 'Submit withdrawal request' }).click();
    await expect(page.getByText('Enter the code from your authenticator app', { exact: true })).toBeVisible();
    await code.fill(await nextCode());
    await page.getByRole('button', { name: 'Submit withdrawal request' }).click();
    await expect(page.getByRole('dialog', { name: 'Withdrawal Request Completed' })).toContainText(
      'You have made a withdrawal request of $25.00 and it is now awaiting approval',
    );
  });
});
