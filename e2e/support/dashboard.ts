import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { tokenOf, verifiedAccount } from './accounts';
import { admin, secondAdmin } from './env';
import { pngFile } from './png';

export type Account = { email: string; password: string; fullname: string };

/** A toast's text, in the toasts' region (Radix copies it into a hidden live region as well). */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let adminToken: Promise<string> | undefined;

/** The back-office admin's bearer token, signed in once per worker. */
export function adminTokenOf(request: APIRequestContext): Promise<string> {
  adminToken ??= tokenOf(request, admin.email, admin.password);
  return adminToken;
}

let secondAdminToken: Promise<string> | undefined;

/** The second admin's bearer token, signed in once per worker. */
export function secondAdminTokenOf(request: APIRequestContext): Promise<string> {
  secondAdminToken ??= tokenOf(request, secondAdmin.email, secondAdmin.password);
  return secondAdminToken;
}

/**
 * The second admin approves what the first proposed (a `202` answer's `approval`), which applies it:
 * answers the approval as decided.
 */
export async function approveAsSecondAdmin(
  request: APIRequestContext,
  proposed: { approval: { _id: string } },
): Promise<Record<string, unknown>> {
  const token = await secondAdminTokenOf(request);
  const response = await request.post(`/api/v1/admin/approvals/${proposed.approval._id}/approve`, {
    headers: bearer(token),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { approval: Record<string, unknown> }).approval;
}

let shared: Promise<Account> | undefined;

/**
 * One verified account for the dashboard tests of this worker: registering is rate-limited per client
 * address, and every spec of a run registers from 127.0.0.1. The tests share it, so each measures
 * what it changes (before and after), never absolute figures.
 */
export function dashboardAccount(request: APIRequestContext): Promise<Account> {
  shared ??= verifiedAccount(request, 'Dana Dashboard');
  return shared;
}

/** The account's id, found by the admin (a user's own info would need a second session). */
export async function userIdOf(request: APIRequestContext, email: string): Promise<string> {
  const token = await adminTokenOf(request);
  const response = await request.get(`/api/v1/admin/users?q=${encodeURIComponent(email)}`, {
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { _id: string; email: string }[] };
  const user = items.find((item) => item.email === email);
  if (!user) throw new Error(`No user ${email} in the admin's list`);
  return user._id;
}

/** Signs in through the sign-in page, as a person does, and answers the session's token. */
export async function signInThroughPage(page: Page, account: Account): Promise<string> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  // The steps after the click are each waited for as long as a machine busy with other suites takes
  // (the form's code, the password hash, then the dashboard's code): together they have outlasted
  // one assertion's 20 s. A refused sign-in fails here with the server's answer.
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/auth/login'),
    { timeout: 90_000 },
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 60_000 });
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user-info') ?? 'null') as { token?: string } | null)?.token,
  );
  if (!token) throw new Error('No token saved after signing in');
  return token;
}

/**
 * Signs in through the API and opens the overview with that session saved, as the sign-in page saves
 * it (the whole answer under `user-info`): for the tests of what comes after signing in. The sign-in
 * page itself is walked by the auth spec and `signInThroughPage`.
 */
export async function signIn(page: Page, account: Account): Promise<string> {
  const response = await page.request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as { token: string };
  // Saved before the app's first script runs, in the next document of this tab only: a flag in the
  // tab's sessionStorage keeps a later logout, reload or sign-in from being undone by it.
  await page.addInitScript(
    ({ saved, flag }) => {
      try {
        if (sessionStorage.getItem(flag)) return;
        sessionStorage.setItem(flag, 'saved');
        localStorage.setItem('user-info', saved);
      } catch {
        // A frame without storage (about:blank) has no session to set.
      }
    },
    { saved: JSON.stringify(session), flag: `e2e-session-${crypto.randomUUID()}` },
  );
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  return session.token;
}

/** Follows one of the sidebar's links. */
export async function openPage(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A `<data value>` amount ("1234.56", "-80.00") in integer cents. */
export function centsOf(value: string | null): number {
  if (value === null || value === '') throw new Error('The amount has no value');
  return Math.round(Number(value) * 100);
}

/** The amount that goes with a label on the overview (a tile's label, or the balance's heading). */
function amountBeside(label: Locator): Locator {
  return label.locator('xpath=ancestor::*[.//data][1]').locator('data').first();
}

export const overviewFigures = [
  'Total Balance',
  'Total Deposits',
  'Pending Deposits',
  'Total Withdrawals',
  'Pending Withdrawals',
] as const;
export type OverviewFigures = Record<(typeof overviewFigures)[number], number>;

/** The overview's balance and tiles, in cents, once they have loaded. */
export async function readOverview(page: Page): Promise<OverviewFigures> {
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const figures: Partial<OverviewFigures> = {};
  for (const name of overviewFigures) {
    const label =
      name === 'Total Balance'
        ? page.getByRole('heading', { name: 'Total Balance' })
        : page.getByText(name, { exact: true });
    const amount = amountBeside(label);
    await expect(amount).toBeVisible();
    figures[name] = centsOf(await amount.getAttribute('value'));
  }
  return figures as OverviewFigures;
}

/** A Bitcoin address from BIP 173's examples, valid for the server's checks. */
export const walletAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

let wallet: Promise<string> | undefined;

/**
 * The address of an active Bitcoin wallet of the back office, created through the admin API when
 * there is none yet (deposits are paid to one).
 */
export function bitcoinWallet(request: APIRequestContext): Promise<string> {
  wallet ??= (async () => {
    const token = await adminTokenOf(request);
    const listed = await request.get('/api/v1/admin/wallets', { headers: bearer(token) });
    expect(listed.status()).toBe(200);
    const wallets = (await listed.json()) as { type: string; address: string; active: boolean }[];
    const existing = wallets.find((item) => item.type === 'bitcoin' && item.active);
    if (existing) return existing.address;
    const created = await request.post('/api/v1/admin/wallets', {
      headers: bearer(token),
      data: { walletName: 'Bitcoin main (e2e)', type: 'bitcoin', address: walletAddress, active: true },
    });
    // Proposed by the first admin, added once the second approves it.
    expect(created.status(), await created.text()).toBe(202);
    await approveAsSecondAdmin(request, (await created.json()) as { approval: { _id: string } });
    return walletAddress;
  })();
  return wallet;
}

type Request = { _id: string; ref: string; amount: number; status: string };

/** The account's requests of a kind (`deposits`, `withdrawals` or `kyc`) as the admin lists them. */
export async function adminList(
  request: APIRequestContext,
  kind: 'deposits' | 'withdrawals' | 'kyc',
  userId: string,
  status = 'pending',
): Promise<Request[]> {
  const token = await adminTokenOf(request);
  const response = await request.get(`/api/v1/admin/${kind}?userId=${userId}&status=${status}&limit=100`, {
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Request[] }).items;
}

/** Approves a deposit, withdrawal or KYC request as the admin. */
export async function adminApprove(
  request: APIRequestContext,
  kind: 'deposits' | 'withdrawals' | 'kyc',
  id: string,
): Promise<void> {
  const token = await adminTokenOf(request);
  const response = await request.post(`/api/v1/admin/${kind}/${id}/approve`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** Money on the account: a deposit requested through the API with a real receipt, approved by the admin. */
export async function approvedDeposit(
  request: APIRequestContext,
  userToken: string,
  amount: string,
): Promise<void> {
  const paymentTo = await bitcoinWallet(request);
  const response = await request.post('/api/v1/deposits', {
    headers: bearer(userToken),
    multipart: { type: 'bitcoin', amount, paymentTo, image: pngFile('funding-receipt.png') },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { transaction } = (await response.json()) as { transaction: { _id: string } };
  await adminApprove(request, 'deposits', transaction._id);
}
