import { backOfficeChunks } from '../bench/back-office.mjs';
import { tokenOf, verifiedAccount } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { watchConsoleErrors } from './support/console-errors';
import {
  adminApprove,
  adminList,
  approveAsSecondAdmin,
  approvedDeposit,
  bearer,
  bitcoinWallet,
  secondAdminTokenOf,
  signIn as signInAsUser,
  userIdOf,
} from './support/dashboard';
import { admin, secondAdmin } from './support/env';
import { pngFile } from './support/png';
import { detailOf } from './support/screens';
import { choose, expect, expectToastShown, type Page, readyPage, test } from './support/test';

/**
 * Every error a test's page reports (console errors, uncaught exceptions) fails it, but for the
 * answers the test itself provokes and names in `expectedErrors` (the browser logs each 4xx a fetch
 * receives).
 */
let consoleErrors: string[] = [];
let expectedErrors: RegExp[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = watchConsoleErrors(page);
  expectedErrors = [];
});
test.afterEach(() => {
  expect(consoleErrors.filter((error) => !expectedErrors.some((pattern) => pattern.test(error)))).toEqual([]);
});

/**
 * Signs the back-office admin in through the sign-in page: an admin lands on Today, then opens the
 * deposit queue from the navigation.
 */
async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.getByRole('link', { name: 'Deposits', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  // The page open is the one marked current, not Today, whose path is the start of every other's.
  const current = page.locator('nav a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName('Deposits');
}

/** A verified user with one pending deposit of `amount`: answers the user's token and the deposit's ref. */
async function pendingDeposit(page: Page, name: string, amount: string) {
  const request = page.request;
  const account = await verifiedAccount(request, name);
  const token = await tokenOf(request, account.email, account.password);
  const paymentTo = await bitcoinWallet(request);
  const response = await request.post('/api/v1/deposits', {
    headers: bearer(token),
    multipart: { type: 'bitcoin', amount, paymentTo, image: pngFile('receipt.png') },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { transaction } = (await response.json()) as { transaction: { ref: string } };
  return { account, token, ref: transaction.ref };
}

/** A withdrawal of `amount` to a Bitcoin address, requested by the user: answers its id and ref. */
async function pendingWithdrawal(page: Page, token: string, amount: string) {
  const asked = await page.request.post('/api/v1/withdrawals', {
    headers: bearer(token),
    multipart: { type: 'bitcoin', network: 'BTC', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', amount },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return ((await asked.json()) as { transaction: { _id: string; ref: string } }).transaction;
}

/** Signs the admin in and opens the audit log: answers the admin's name as the session saved it. */
async function openAuditLog(page: Page): Promise<string> {
  await signInAsAdmin(page);
  const adminName = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user-info') ?? 'null') as { name?: string } | null)?.name,
  );
  if (!adminName) throw new Error('No admin name in the saved session');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  return adminName;
}

async function availableBalanceOf(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/v1/users/user-info?fields=availableBalance', {
    headers: bearer(token),
  });
  return ((await response.json()) as { availableBalance: number }).availableBalance;
}

test('the admin approves a deposit after seeing its receipt; the user’s balance grows by it', async ({
  page,
}) => {
  const { token, ref } = await pendingDeposit(page, 'Olga Approved', '321.09');
  await signInAsAdmin(page);

  const row = page.getByRole('row').filter({ hasText: ref });
  await row.getByRole('button', { name: `Review deposit ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deposit ${ref}` });
  await expect(dialog.getByRole('img', { name: `Receipt of deposit ${ref}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Approve…' }).click();
  // The confirmation repeats the amount and the user before anything moves.
  await expect(dialog).toContainText(/Approve \$321\.09 for olga approved/i);
  await dialog.getByRole('button', { name: 'Approve $321.09' }).click();
  await expectToastShown(page, `Deposit approved: ${ref}`);
  await expect(row).toHaveCount(0);
  expect(await availableBalanceOf(page, token)).toBe(321.09);
});

test('a rejection needs a reason, and the user sees it in their history', async ({ page }) => {
  const { token, ref } = await pendingDeposit(page, 'Rita Rejected', '45.00');
  await signInAsAdmin(page);
  await expectNoAxeViolations(page);

  await page
    .getByRole('row')
    .filter({ hasText: ref })
    .getByRole('button', { name: `Review deposit ${ref}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Deposit ${ref}` });
  await dialog.getByRole('button', { name: 'Reject…' }).click();
  await dialog.getByRole('button', { name: 'Reject deposit' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('The receipt shows another amount.');
  await dialog.getByRole('button', { name: 'Reject deposit' }).click();
  await expectToastShown(page, `Deposit rejected: ${ref}`);

  const history = await page.request.get('/api/v1/transaction-history?trxType=deposit&format=json', {
    headers: bearer(token),
  });
  const { items } = (await history.json()) as {
    items: { ref: string; status: string; reason: string | null }[];
  };
  expect(items.find((item) => item.ref === ref)).toMatchObject({
    status: 'rejected',
    reason: 'The receipt shows another amount.',
  });
});

test('a user who opens /admin finds the not-found page', async ({ page }) => {
  const user = await verifiedAccount(page.request, 'Nora Nosy');
  await signInAsUser(page, user);
  await page.goto('/admin/deposits');
  await expect(page.getByText('404 Not Found')).toBeVisible();
});

test('the public and dashboard pages fetch no byte of the back office; /admin is noindex', async ({
  page,
}) => {
  // The back office's files, from the served build's manifest: its routes' parts, what only they
  // import, and their stylesheets.
  const backOffice = backOfficeChunks();
  expect([...backOffice.keys()].some((file) => file.endsWith('.css'))).toBe(true);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType()))
      fetched.push(new URL(request.url()).pathname.slice(1));
  });
  const user = await verifiedAccount(page.request, 'Paula Public');
  await page.goto('/');
  await page.goto('/sign-up');
  await signInAsUser(page, user);
  await page.goto('/dashboard/transaction-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
  await page.goto('/dashboard/withdrawal');
  await expect(
    page.getByRole('heading', { level: 1, name: 'What would you like to Withdraw today?' }),
  ).toBeVisible();
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((file) => backOffice.has(file))).toEqual([]);

  // The back office is never a search result: the page says so, and so does its answer.
  const answer = await page.request.get('/admin');
  expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await page.evaluate(() => localStorage.clear());
  await signInAsAdmin(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // A direct visit starts from the shell, which says so from the first byte.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // The back office's own pages do load its scripts and styles: the check above can see them.
  const own = fetched.filter((file) => backOffice.has(file));
  expect(own.some((file) => file.endsWith('.js'))).toBe(true);
  expect(own.some((file) => file.endsWith('.css'))).toBe(true);
});

test('a withdrawal rejected with a reason frees the hold; the user reads the reason', async ({ page }) => {
  const request = page.request;
  const account = await verifiedAccount(request, 'Walter Withdrawn');
  const token = await tokenOf(request, account.email, account.password);
  await approvedDeposit(request, token, '500.00');
  const transaction = await pendingWithdrawal(page, token, '120.00');
  expect(await availableBalanceOf(page, token)).toBe(380);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await page
    .getByRole('row')
    .filter({ hasText: transaction.ref })
    .getByRole('button', { name: `Review withdrawal ${transaction.ref}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Withdrawal ${transaction.ref}` });
  // Where the coins go, exactly as it must be copied, and what the user has.
  await expect(dialog).toContainText(/1BvB\s*MSEY\s*stWe/);
  await expect(dialog).toContainText('380.00 USD available, 120.00 USD held');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Reject…' }).click();
  await dialog.getByLabel(/^Reason/).fill('The address belongs to a sanctioned exchange.');
  await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expectToastShown(page, `Withdrawal rejected: ${transaction.ref}`);

  expect(await availableBalanceOf(page, token)).toBe(500);
  const history = await request.get('/api/v1/transaction-history?trxType=withdrawal&format=json', {
    headers: bearer(token),
  });
  const { items } = (await history.json()) as { items: { ref: string; reason: string | null }[] };
  expect(items.find((item) => item.ref === transaction.ref)?.reason).toBe(
    'The address belongs to a sanctioned exchange.',
  );

  // The user reads it in their history, in the browser, with the hold given back.
  await page.evaluate(() => localStorage.clear());
  await signInAsUser(page, account);
  await page.goto('/dashboard/transaction-history');
  const row = page.getByRole('table', { name: 'Your transactions' }).getByRole('row').filter({
    hasText: transaction.ref,
  });
  await expect(row).toContainText('Rejected');
  await row.getByRole('button', { name: `Details of ${transaction.ref}` }).click();
  const details = page.getByRole('dialog', { name: 'Withdrawal details' });
  await expect(detailOf(details, 'Status')).toHaveText('Rejected');
  await expect(details).toContainText('The address belongs to a sanctioned exchange.');
  await expectNoAxeViolations(page);
});

test('a KYC approval shows the user as verified', async ({ page }) => {
  const request = page.request;
  const account = await verifiedAccount(request, 'Kira Known');
  const token = await tokenOf(request, account.email, account.password);
  const sent = await request.post('/api/v1/kyc', {
    headers: bearer(token),
    multipart: { document: 'passport', image: pngFile('passport.png') },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'KYC' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: account.email })
    .getByRole('button', { name: `Review the KYC request of ${account.email}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `KYC request of ${account.email}` });
  await expect(dialog.getByRole('img', { name: /^Passport of kira known$/i })).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve…' }).click();
  await dialog.getByRole('button', { name: 'Approve identity' }).click();
  await expectToastShown(page, /KYC.*approved|approved/i);

  // The user's page shows the state of their identity check.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel(/^Name or email/).fill(account.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Open the page of ${account.email}` }).click();
  await expect(
    page.getByRole('table', { name: 'Requests' }).getByRole('row', { name: /^KYC/ }),
  ).toContainText('Approved');

  const kyc = await request.get('/api/v1/kyc', { headers: bearer(token) });
  const records = (await kyc.json()) as { status: string }[] | { items: { status: string }[] };
  const list = Array.isArray(records) ? records : records.items;
  expect(list[0]?.status).toBe('approved');

  // The user's own KYC page, in the browser, shows the approved view.
  await page.evaluate(() => localStorage.clear());
  await signInAsUser(page, account);
  await page.goto('/dashboard/kyc');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Congratulations! Your identity is verified' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
});

test('Today counts what waits and shows a trial balance that sums to zero', async ({ page }) => {
  const { ref } = await pendingDeposit(page, 'Tina Today', '77.00');
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Today' }).click();
  const deposits = page
    .getByRole('region', { name: 'Waiting for review' })
    .locator('section, div')
    .filter({
      has: page.getByRole('heading', { name: 'Deposits' }),
    });
  await expect(deposits.first()).toContainText(/[1-9]\d* pending/);
  const balance = page.getByRole('table', { name: 'Trial balance' });
  await expect(balance.getByRole('row', { name: /^Total/ })).toContainText('0.00 USD');
  await expect(balance.getByRole('rowheader', { name: 'Deposits received' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The queue it counts has the deposit.
  await page.getByRole('link', { name: 'Open the deposit queue' }).click();
  await expect(page.getByRole('row').filter({ hasText: ref })).toHaveCount(1);
});

test('four eyes: a bonus one admin proposes moves money only when another approves it, and so does a new wallet address', async ({
  page,
  browser,
}) => {
  const request = page.request;
  const account = await verifiedAccount(request, 'Pablo Proposed');
  const token = await tokenOf(request, account.email, account.password);
  const history = async () => {
    const response = await request.get('/api/v1/transaction-history?trxType=bonus&format=json', {
      headers: bearer(token),
    });
    return ((await response.json()) as { items: { amount: number; memo: string | null }[] }).items;
  };

  await test.step('the first admin proposes a $500 bonus from the user’s page: nothing moves yet', async () => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel(/^Name or email/).fill(account.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Open the page of ${account.email}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pablo Proposed' })).toBeVisible();
    await page.getByRole('button', { name: 'Post to the ledger…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to the ledger' });
    await choose(page, /^Kind/, 'Bonus (a credit)');
    await dialog.getByLabel(/^Amount/).fill('500');
    await dialog.getByLabel(/^Memo/).fill('Welcome bonus');
    await dialog.getByRole('button', { name: 'Review the posting' }).click();
    // The amount and its sign are repeated before anything is proposed.
    const confirmation = page.getByRole('alertdialog', { name: 'Post a bonus?' });
    await expect(confirmation).toContainText(/\+ \$500\.00 to Pablo Proposed/);
    await confirmation.getByRole('button', { name: /^Post/ }).click();
    await expectToastShown(page, 'Proposed: a second admin must approve it');
    await expect(dialog).toBeHidden();
    expect(await history()).toEqual([]);
  });

  await test.step('its proposer cannot approve it', async () => {
    await page.getByRole('link', { name: /^Approvals/ }).click();
    const row = page.getByRole('row').filter({ hasText: `Bonus of + $500.00 to ${account.email}` });
    await expect(row).toContainText('You proposed this: another admin must approve it.');
    await expect(row.getByRole('button', { name: /^Review/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step('the second admin approves it, and the user has it', async () => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const second = await readyPage(await context.newPage());
      await second.goto('/sign-in');
      await second.getByLabel(/^Email/).fill(secondAdmin.email);
      await second.getByLabel(/^Password/).fill(secondAdmin.password);
      await second.getByRole('button', { name: 'Sign in' }).click();
      await expect(second).toHaveURL(/\/admin$/);
      await second.getByRole('link', { name: /^Approvals/ }).click();
      const row = second.getByRole('row').filter({ hasText: `Bonus of + $500.00 to ${account.email}` });
      await row.getByRole('button', { name: `Review the proposal of ${admin.email}` }).click();
      const review = second.getByRole('dialog', { name: 'Proposed posting' });
      await expect(review).toContainText('Welcome bonus');
      await review.getByRole('button', { name: 'Approve…' }).click();
      await review.getByRole('button', { name: 'Approve and apply' }).click();
      await expectToastShown(second, 'Approved and applied');
      await expect(row).toHaveCount(0);
    } finally {
      await context.close();
    }
    expect(await history()).toEqual([expect.objectContaining({ amount: 500, memo: 'Welcome bonus' })]);
  });

  await test.step('a new address for a wallet is offered to investors only once another admin approves it', async () => {
    const adminToken = await tokenOf(request, admin.email, admin.password);
    const created = await request.post('/api/v1/admin/wallets', {
      headers: bearer(adminToken),
      data: { walletName: `Ethereum ${account.email}`, type: 'ethereum', address: oldAddress, active: true },
    });
    expect(created.status(), await created.text()).toBe(202);
    const added = await approveAsSecondAdmin(request, await created.json());
    const walletId = (added.wallet as { walletId: string }).walletId;
    const offered = async () => {
      const response = await request.get('/api/v1/admin-wallets', { headers: bearer(token) });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { _id: string; address: string }[]).find(
        (item) => item._id === walletId,
      )?.address;
    };
    expect(await offered()).toBe(oldAddress);

    const changed = await request.patch(`/api/v1/admin/wallets/${walletId}`, {
      headers: bearer(adminToken),
      data: { address: newAddress },
    });
    expect(changed.status(), await changed.text()).toBe(202);
    expect(await offered()).toBe(oldAddress);
    await approveAsSecondAdmin(request, await changed.json());
    expect(await offered()).toBe(newAddress);
  });
});

/** Two Ethereum addresses from EIP-55's examples, valid for the server's checks. */
const oldAddress = '0x52908400098527886E0F7030069857D2E4169EE7';
const newAddress = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

test('the audit log shows an approval with the admin’s name, and its CSV has the row', async ({ page }) => {
  const request = page.request;
  const { ref } = await pendingDeposit(page, 'Alma Audited', '64.20');
  // Approved through the API, as another admin's screen would: the log must show it all the same.
  const adminToken = await tokenOf(request, admin.email, admin.password);
  const pending = await request.get('/api/v1/admin/deposits?status=pending&limit=100', {
    headers: bearer(adminToken),
  });
  const { items } = (await pending.json()) as { items: { _id: string; ref: string }[] };
  const deposit = items.find((item) => item.ref === ref);
  if (!deposit) throw new Error(`Deposit ${ref} is not in the pending queue`);
  const approved = await request.post(`/api/v1/admin/deposits/${deposit._id}/approve`, {
    headers: bearer(adminToken),
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const adminName = await openAuditLog(page);
  const row = page.getByRole('row').filter({ hasText: `Deposit ${ref}` });
  await expect(row).toContainText('Deposit approved');
  await expect(row).toContainText(adminName);
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
  const line = lines.find((text) => text.includes(ref));
  expect(line).toContain(
    `,"${adminName}","${admin.email}","deposit.approve","Deposit approved","deposit","${deposit._id}",`,
  );
});

test('the audit log lists every action on a user, each with the admin’s name and the user', async ({
  page,
}) => {
  const request = page.request;
  const account = await verifiedAccount(request, 'Aurelia Audited');
  const token = await tokenOf(request, account.email, account.password);
  const adminToken = await tokenOf(request, admin.email, admin.password);
  const asAdmin = { headers: bearer(adminToken) };
  const userId = await userIdOf(request, account.email);

  // A deposit approved, a withdrawal rejected with a reason, the identity approved, a bonus proposed
  // and posted, and a notification set: six actions of the back office on one user.
  await approvedDeposit(request, token, '300.00');
  const transaction = await pendingWithdrawal(page, token, '40.00');
  const rejected = await request.post(`/api/v1/admin/withdrawals/${transaction._id}/reject`, {
    ...asAdmin,
    data: { reason: 'The address could not be verified.' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  const sent = await request.post('/api/v1/kyc', {
    headers: bearer(token),
    multipart: { document: 'passport', image: pngFile('passport.png') },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const [kyc] = await adminList(request, 'kyc', userId);
  if (!kyc) throw new Error('The KYC request is not in the admin list');
  await adminApprove(request, 'kyc', kyc._id);
  // A bonus: proposed by this admin, posted when the second admin approves it.
  const posted = await request.post(`/api/v1/admin/users/${userId}/ledger-entries`, {
    headers: { ...asAdmin.headers, 'Idempotency-Key': `e2e-audit-${userId}` },
    data: { kind: 'bonus', amount: 7.5, memo: 'Audited bonus' },
  });
  expect(posted.status(), await posted.text()).toBe(202);
  await approveAsSecondAdmin(request, await posted.json());
  const notified = await request.put(`/api/v1/admin/users/${userId}/notification`, {
    ...asAdmin,
    data: { title: 'Audited', content: '<p>Seen by the audit.</p>', persistent: false },
  });
  expect(notified.status(), await notified.text()).toBe(200);

  const adminName = await openAuditLog(page);
  await page.getByRole('searchbox', { name: /^User/ }).fill(account.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(`(${account.email})`)).toBeVisible();

  const rows = page.getByRole('table').getByRole('row').filter({ hasText: account.email });
  for (const action of [
    'Deposit approved',
    'Withdrawal rejected',
    'KYC approved',
    'Change proposed',
    'Notification set',
  ]) {
    const row = rows.filter({ hasText: action });
    await expect(row, action).toHaveCount(1);
    await expect(row, action).toContainText(adminName);
  }
  // The posting itself is the approver's act.
  await expect(rows.filter({ hasText: 'Ledger entry posted' })).toContainText(secondAdmin.fullname);
  await expect(rows.filter({ hasText: 'Withdrawal rejected' })).toContainText(
    'The address could not be verified.',
  );
  // Nothing but this user's entries: the six, and the header row.
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(7);
  await expectNoAxeViolations(page);
});

test('the admin adds a wallet, sees the QR code the server drew from it, and deactivates it', async ({
  page,
}) => {
  const name = `Ethereum e2e ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Wallets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a wallet' }).click();
  const form = page.getByRole('dialog', { name: 'Add a wallet' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('combobox', { name: /^Coin/ }).click();
  await page.getByRole('option', { name: 'Ethereum' }).click();
  // A Bitcoin address for an Ethereum wallet: the server refuses it, and the form says so under the field.
  expectedErrors.push(/status of 400 \(Bad Request\) \(\/api\/v1\/admin\/wallets\/qr-preview\)$/);
  const address = form.getByRole('textbox', { name: /^Address/ });
  await address.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
  await form.getByRole('button', { name: 'Preview QR code' }).click();
  await expect(form.getByText(/^Address .*Ethereum/)).toBeVisible();
  await expect(address).toBeFocused();
  await address.fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await form.getByRole('button', { name: 'Preview QR code' }).click();
  // The QR code the server drew from the address, to compare before anything is saved.
  const preview = page.getByRole('dialog', { name: `Check the QR code of ${name}` });
  const previewed = preview.getByRole('img', {
    name: `QR code of ${name}, for the address 0x52908400098527886E0F7030069857D2E4169EE7`,
  });
  await expect(previewed).toBeVisible();
  await expect
    .poll(() => previewed.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Add wallet' }).click();

  // Proposed: nothing is offered to investors until a second admin approves it.
  const proposed = page.getByRole('dialog', { name: `${name} proposed` });
  await expect(proposed).toContainText('A second admin must approve it');
  await expectNoAxeViolations(page);
  await proposed.getByRole('button', { name: 'Done' }).click();
  await expect(proposed).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add a wallet' })).toBeFocused();
  await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0);

  // The second admin approves it: the wallet is listed, and the server draws its QR code.
  const secondToken = await secondAdminTokenOf(page.request);
  const pending = await page.request.get('/api/v1/admin/approvals?status=pending&limit=100', {
    headers: bearer(secondToken),
  });
  const { items } = (await pending.json()) as {
    items: { _id: string; wallet: { walletName: string } | null }[];
  };
  const proposal = items.find((item) => item.wallet?.walletName === name);
  if (!proposal) throw new Error(`No proposal of ${name} waits for approval`);
  const approved = await approveAsSecondAdmin(page.request, { approval: proposal });
  const walletId = (approved.wallet as { walletId: string }).walletId;
  const qr = await page.request.get(`/api/v1/wallets/${walletId}/qr.png`);
  expect(qr.headers()['content-type']).toBe('image/png');
  await page.reload();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expectToastShown(page, `${name} is inactive`);
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeFocused();
});

test('a notification set from the user’s page reaches the user, previewed as they will see it', async ({
  page,
}) => {
  const request = page.request;
  const account = await verifiedAccount(request, 'Nadia Notified');
  const token = await tokenOf(request, account.email, account.password);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel(/^Name or email/).fill(account.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Open the page of ${account.email}` }).click();
  await page.getByRole('button', { name: 'Set the notification…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the notification' });
  await dialog.getByLabel(/^Title/).fill('Your plan changed');
  await dialog.getByLabel(/^Content \(HTML\)/).fill('<p>You are now on <strong>Gold</strong>.</p>');
  await expect(dialog.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('Gold');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save the notification' }).click();
  await expect(dialog).toBeHidden();

  const info = await request.get('/api/v1/users/user-info?fields=notification', { headers: bearer(token) });
  const { notification } = (await info.json()) as { notification: { title: string; content: string } | null };
  expect(notification).toMatchObject({
    title: 'Your plan changed',
    content: '<p>You are now on <strong>Gold</strong>.</p>',
  });
});
