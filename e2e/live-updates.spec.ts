import { tokenOf, verifiedAccount } from './support/accounts';
import { bearer, bitcoinWallet, readOverview, signIn } from './support/dashboard';
import { admin } from './support/env';
import { pngFile } from './support/png';
import { expect, expectToastShown, type Page, test } from './support/test';

type LiveWindow = Window & { __sameDocument?: boolean };

/** Signs the back-office admin in through the sign-in page and opens the deposit queue. */
async function openDepositQueueAsAdmin(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: /^Deposits/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
}

test('the admin approves a deposit in another browser; the user’s overview shows it without a reload', async ({
  page,
  browser,
}) => {
  // A verified user with a pending deposit of $250.00, sent before they open the dashboard.
  const account = await verifiedAccount(page.request, 'Lena Live');
  const userToken = await tokenOf(page.request, account.email, account.password);
  const paymentTo = await bitcoinWallet(page.request);
  const sent = await page.request.post('/api/v1/deposits', {
    headers: bearer(userToken),
    multipart: { type: 'bitcoin', amount: '250.00', paymentTo, image: pngFile('receipt.png') },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { transaction } = (await sent.json()) as { transaction: { ref: string } };

  // The dashboard opens its live stream; the approval must come after it is open to be news.
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
    { timeout: 60_000 },
  );
  await signIn(page, account);
  await streamOpen;
  const before = await readOverview(page);
  expect(before['Pending Deposits']).toBe(25_000);
  // Set on this document: still there afterwards only if the page was never reloaded.
  await page.evaluate(() => {
    (window as LiveWindow).__sameDocument = true;
  });

  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await openDepositQueueAsAdmin(adminPage);
    const row = adminPage.getByRole('row').filter({ hasText: transaction.ref });
    await row.getByRole('button', { name: `Review deposit ${transaction.ref}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Deposit ${transaction.ref}` });
    await dialog.getByRole('button', { name: 'Approve…' }).click();
    await dialog.getByRole('button', { name: 'Approve $250.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  await expectToastShown(page, 'Your deposit of $250.00 was approved');
  await expect
    .poll(async () => {
      const figures = await readOverview(page);
      return [figures['Total Balance'] - before['Total Balance'], figures['Pending Deposits']];
    })
    .toEqual([25_000, 0]);
  expect(await page.evaluate(() => (window as LiveWindow).__sameDocument)).toBe(true);
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
});

test('a deposit sent while the admin’s queue is open appears in it, and in the count, without a reload', async ({
  page,
}) => {
  const account = await verifiedAccount(page.request, 'Quentin Queued');
  const userToken = await tokenOf(page.request, account.email, account.password);
  const paymentTo = await bitcoinWallet(page.request);

  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/events' && response.status() === 200,
    { timeout: 60_000 },
  );
  await openDepositQueueAsAdmin(page);
  await streamOpen;
  await page.evaluate(() => {
    (window as LiveWindow).__sameDocument = true;
  });

  const sent = await page.request.post('/api/v1/deposits', {
    headers: bearer(userToken),
    multipart: { type: 'bitcoin', amount: '61.50', paymentTo, image: pngFile('receipt.png') },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { transaction } = (await sent.json()) as { transaction: { ref: string } };

  // The new request arrives as an event: its row joins the open queue, and the link's count follows.
  const row = page.getByRole('row').filter({ hasText: transaction.ref });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('61.50');
  const pending = await page.request.get('/api/v1/admin/summary', {
    headers: bearer(await tokenOf(page.request, admin.email, admin.password)),
  });
  const { queues } = (await pending.json()) as { queues: { deposits: { count: number } } };
  await expect(page.getByRole('link', { name: /^Deposits/ })).toHaveAccessibleDescription(
    `${queues.deposits.count} waiting for review`,
  );
  expect(await page.evaluate(() => (window as LiveWindow).__sameDocument)).toBe(true);
});
