import {
  adminApprove,
  adminList,
  adminTokenOf,
  approvedDeposit,
  bearer,
  bitcoinWallet,
  dashboardAccount,
  openPage,
  readOverview,
  signIn,
  toast,
  userIdOf,
} from './support/dashboard';
import { pngFile } from './support/png';
import { choose, expect, expectToastShown, test } from './support/test';

/** Valid for the server (BIP 173's and EIP-55's examples). */
const bitcoinAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** The same with its last character changed: the bech32 checksum fails. */
const mistypedBitcoinAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
const ethereumAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
/** A TRON address with one character changed: its form is right, its base58check checksum is not. */
const mistypedTronAddress = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8';

const sessionEnded = 'Your session has ended. Please sign in again.';

test('without a session, a dashboard page sends the person to /sign-in', async ({ page }) => {
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
});

test('a notification opens once; after Okay and a reload it stays closed (a persistent one comes back)', async ({
  page,
  request,
}) => {
  const account = await dashboardAccount(request);
  const userId = await userIdOf(request, account.email);
  const adminToken = await adminTokenOf(request);
  const notify = async (title: string, persistent: boolean) => {
    const response = await request.put(`/api/v1/admin/users/${userId}/notification`, {
      headers: bearer(adminToken),
      data: { title, content: `<p>Your account is ready. <strong>${title}</strong></p>`, persistent },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  const markSeen = (token: string) =>
    request.patch('/api/v1/users/user-info', { headers: bearer(token), data: { seen: true } });
  let token: string | undefined;
  try {
    await notify('Welcome to Ledgerline', false);
    token = await signIn(page, account);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Ledgerline' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Your account is ready.')).toBeVisible();
    // HTML content is shown as formatting, not as markup.
    await expect(dialog.locator('strong')).toHaveText('Welcome to Ledgerline');
    const seen = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/users/user-info') && response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Okay' }).click();
    expect((await seen).status()).toBe(200);
    await expect(dialog).toBeHidden();

    await page.reload();
    await readOverview(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A persistent notification is not marked seen: it opens again on the next load.
    await notify('Scheduled maintenance', true);
    await page.reload();
    const persistent = page.getByRole('dialog', { name: 'Scheduled maintenance' });
    await expect(persistent).toBeVisible();
    await persistent.getByRole('button', { name: 'Okay' }).click();
    await expect(persistent).toBeHidden();
    await page.reload();
    await expect(persistent).toBeVisible();
  } finally {
    // The other tests share the account: leave it with a notification that is seen.
    await notify('Welcome back', false);
    if (token) expect((await markSeen(token)).status()).toBe(200);
  }
});

test('a deposit with a PNG receipt, approved by the admin, moves the overview by exactly its amount', async ({
  page,
  request,
}) => {
  const account = await dashboardAccount(request);
  const [userId] = await Promise.all([userIdOf(request, account.email), bitcoinWallet(request)]);
  await signIn(page, account);
  const before = await readOverview(page);

  await openPage(page, 'Deposit', '/dashboard/deposit');
  await expect(
    page.getByRole('heading', { level: 1, name: 'What would you like to deposit?' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Bitcoin' }).check();
  await page.getByLabel(/^Amount in USD/).fill('1234.56');
  await expect(page.getByRole('heading', { name: 'Pay to this address' })).toBeVisible();
  await page.getByLabel(/^Payment receipt/).setInputFiles(pngFile('receipt.png'));
  await expect(page.getByText('receipt.png', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit deposit request' }).click();
  const done = page.getByRole('dialog', { name: 'Deposit Request Completed' });
  await expect(done).toContainText(
    'You have made a deposit request of $1,234.56 and it is now awaiting approval',
  );
  await done.getByRole('link', { name: 'View transaction history' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transaction-history$/);

  const [deposit] = (await adminList(request, 'deposits', userId)).filter((item) => item.amount === 1234.56);
  if (!deposit) throw new Error('The deposit is not in the admin list');
  const pendingRow = page.getByRole('row').filter({ hasText: deposit.ref });
  await expect(pendingRow).toContainText('+ 1,234.56 USD');
  await expect(pendingRow).toContainText('Pending');

  await openPage(page, 'Overview', '/dashboard/overview');
  // A page visited again shows its last answer until the new one arrives.
  await expect
    .poll(async () => (await readOverview(page))['Pending Deposits'] - before['Pending Deposits'])
    .toBe(123456);
  const pending = await readOverview(page);
  expect(pending['Total Deposits']).toBe(before['Total Deposits']);
  expect(pending['Total Balance']).toBe(before['Total Balance']);

  await adminApprove(request, 'deposits', deposit._id);
  await page.reload();
  const after = await readOverview(page);
  expect(after['Total Deposits'] - before['Total Deposits']).toBe(123456);
  expect(after['Total Balance'] - before['Total Balance']).toBe(123456);
  expect(after['Pending Deposits']).toBe(before['Pending Deposits']);
  expect(after['Total Withdrawals']).toBe(before['Total Withdrawals']);
  expect(after['Pending Withdrawals']).toBe(before['Pending Withdrawals']);

  await openPage(page, 'Transaction History', '/dashboard/transaction-history');
  const approvedRow = page.getByRole('row').filter({ hasText: deposit.ref });
  await expect(approvedRow).toContainText('+ 1,234.56 USD');
  await expect(approvedRow).toContainText('Approved');
});

test('a withdrawal holds its amount; wrong addresses are refused by the form and by the server', async ({
  page,
  request,
}) => {
  const account = await dashboardAccount(request);
  const userId = await userIdOf(request, account.email);
  const token = await signIn(page, account);
  await approvedDeposit(request, token, '500.00');
  await page.reload();
  const before = await readOverview(page);

  await openPage(page, 'Withdrawal', '/dashboard/withdrawal');
  await expect(
    page.getByRole('heading', { level: 1, name: 'What would you like to Withdraw today?' }),
  ).toBeVisible();
  const hint = page.getByText(/^Available balance: \$/);
  await expect(hint).toBeVisible();
  const availableOf = async () => {
    const text = (await hint.textContent()) ?? '';
    return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  };
  const available = await availableOf();
  expect(available).toBeGreaterThanOrEqual(50000);

  const posted: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/v1/withdrawals')) posted.push(sent.url());
  });

  // Bitcoin has one network, chosen with the coin.
  await page.getByRole('radio', { name: 'Bitcoin' }).check();
  const address = page.getByLabel(/^Withdrawal address/);
  await address.fill(ethereumAddress);
  await expect(page.getByText(/This looks like an Ethereum address, but you chose Bitcoin/)).toBeVisible();
  await address.fill(mistypedBitcoinAddress);
  await expect(
    page.getByText(/This is not a valid Bitcoin address: a character is wrong or missing/),
  ).toBeVisible();
  await page.getByLabel(/^Amount in USD/).fill('120.50');
  await page.getByRole('button', { name: 'Submit withdrawal request' }).click();
  await expect(address).toBeFocused();
  expect(posted).toEqual([]);

  // The server refuses what the browser cannot check (a TRON checksum); its message is shown.
  await page.getByRole('radio', { name: 'USDT' }).check();
  await choose(page, /^Network/, 'TRON (TRC-20)');
  await address.fill(mistypedTronAddress);
  await page.getByRole('button', { name: 'Submit withdrawal request' }).click();
  await expect(toast(page, /not a valid USDT \(TRC-20\) address/)).toBeVisible();
  expect(posted).toHaveLength(1);
  await expect(page.getByRole('dialog', { name: 'Withdrawal Request Completed' })).toHaveCount(0);

  // And the server refuses it when the form is bypassed, with its { msg }.
  for (const [type, network, wrong] of [
    ['bitcoin', 'BTC', mistypedBitcoinAddress],
    ['usdt', 'usdt-trc20', mistypedTronAddress],
  ]) {
    const refused = await request.post('/api/v1/withdrawals', {
      headers: bearer(token),
      multipart: { type: type ?? '', network: network ?? '', address: wrong ?? '', amount: '10.00' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/address/i);
  }

  // A valid address: the request is made and the amount is held at once.
  await page.getByRole('radio', { name: 'Bitcoin' }).check();
  await address.fill(bitcoinAddress);
  await page.getByLabel(/^Amount in USD/).fill('120.50');
  await page.getByRole('button', { name: 'Submit withdrawal request' }).click();
  const done = page.getByRole('dialog', { name: 'Withdrawal Request Completed' });
  await expect(done).toContainText(
    'You have made a withdrawal request of $120.50 and it is now awaiting approval',
  );
  await expect.poll(availableOf).toBe(available - 12050);
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(done).toBeHidden();

  await openPage(page, 'Overview', '/dashboard/overview');
  const after = await readOverview(page);
  expect(after['Pending Withdrawals'] - before['Pending Withdrawals']).toBe(12050);
  // Held, not gone: the total balance is unchanged until the withdrawal is paid.
  expect(after['Total Balance']).toBe(before['Total Balance']);
  expect(after['Total Withdrawals']).toBe(before['Total Withdrawals']);

  const [withdrawal] = (await adminList(request, 'withdrawals', userId)).filter(
    (item) => item.amount === 120.5,
  );
  if (!withdrawal) throw new Error('The withdrawal is not in the admin list');
  await openPage(page, 'Transaction History', '/dashboard/transaction-history');
  const row = page.getByRole('row').filter({ hasText: withdrawal.ref });
  await expect(row).toContainText('- 120.50 USD');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Withdrawal');
  // The funding deposit is there too, credited and approved.
  const deposits = page.getByRole('row').filter({ hasText: '+ 500.00 USD' });
  await expect(deposits.first()).toContainText('Approved');
});

test('KYC: a passport image is sent, and once the admin approves it the page congratulates', async ({
  page,
  request,
}) => {
  const account = await dashboardAccount(request);
  const userId = await userIdOf(request, account.email);
  // The dashboard's live stream; the approval must come after it is open to be news.
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
    { timeout: 60_000 },
  );
  await signIn(page, account);
  await streamOpen;
  await openPage(page, 'KYC', '/dashboard/kyc');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We need to verify your identity' }),
  ).toBeVisible();
  await choose(page, /^Verification method/, 'Passport');
  await page.getByLabel(/^Document image/).setInputFiles(pngFile('passport.png'));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  const sent = page.getByRole('dialog', { name: 'KYC Request Sent' });
  await expect(sent).toContainText('awaiting review');
  await sent.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your verification is awaiting review' }),
  ).toBeVisible();

  const [kyc] = await adminList(request, 'kyc', userId);
  if (!kyc) throw new Error('The KYC request is not in the admin list');
  // The page follows the account's live events: the approval shows without a reload.
  await page.evaluate(() => {
    (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
  });
  await adminApprove(request, 'kyc', kyc._id);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Congratulations! Your identity is verified' }),
  ).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('the referral link is copied to the clipboard exactly, and the button says so for 2 seconds', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await dashboardAccount(request);
  const token = await signIn(page, account);
  const info = await request.get('/api/v1/users/user-info?fields=referralLink', { headers: bearer(token) });
  const { referralLink } = (await info.json()) as { referralLink: string };

  await openPage(page, 'Referral Program', '/dashboard/referral-program');
  const field = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(field).toHaveValue(referralLink);
  await page.getByRole('button', { name: /^Copy/ }).click();
  await expect(page.getByText('Copied to clipboard')).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(referralLink);
  await expect(page.getByText('Copied to clipboard')).toHaveCount(0);
});

test('logout ends the session; the back button then lands on /sign-in, not the dashboard', async ({
  page,
  request,
}) => {
  const account = await dashboardAccount(request);
  const token = await signIn(page, account);
  await openPage(page, 'Referral Program', '/dashboard/referral-program');
  await page.getByRole('button', { name: new RegExp(account.fullname, 'i') }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('user-info'))).toBeNull();

  await page.goBack();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Referral Program' })).toHaveCount(0);

  // The token was revoked on the server, too.
  await expect
    .poll(async () => (await request.get('/api/v1/users/user-info', { headers: bearer(token) })).status())
    .toBe(401);
});

test('a 401 from the API ends the session: /sign-in and a toast', async ({ page, request }) => {
  const account = await dashboardAccount(request);
  const token = await signIn(page, account);
  await readOverview(page);
  // The same token, revoked from outside the page (as an expiry or a sign-out elsewhere would).
  const revoked = await request.post('/api/v1/auth/logout', { headers: bearer(token) });
  expect(revoked.status()).toBe(200);

  // The next request the page makes answers 401: the click's, or one the page makes by itself first
  // (its live stream reconnecting, a refetch), which ends the session before the click can land. Either
  // way the page must end on /sign-in with the toast; the click is made again only while it is not there.
  const history = page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Transaction History', exact: true });
  await expect(async () => {
    if (!new URL(page.url()).pathname.endsWith('/sign-in')) await history.click({ timeout: 5_000 });
    await expect(page).toHaveURL(/\/sign-in$/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expectToastShown(page, sessionEnded);
  expect(await page.evaluate(() => localStorage.getItem('user-info'))).toBeNull();
});
