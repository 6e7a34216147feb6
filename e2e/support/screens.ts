import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { verifiedAccount } from './accounts';
import { type Account, adminTokenOf, bearer, bitcoinWallet } from './dashboard';
import { pngFile } from './png';

let newcomer: Promise<Account> | undefined;

/**
 * A second verified account for this worker, for what the shared dashboard account cannot show: an
 * empty history, and a profile and password of its own to change. One account, shared in order:
 * registering is rate-limited per client address.
 */
export function newcomerAccount(request: APIRequestContext): Promise<Account> {
  newcomer ??= verifiedAccount(request, 'Nell Newcomer');
  return newcomer;
}

/** A deposit as the history shows it (the contract's Transaction, the fields the tests read). */
export type DepositRow = {
  _id: string;
  ref: string;
  amount: number;
  status: string;
  createdAt: string;
  resolvedAt: string | null;
  paymentTo: string;
};

/**
 * A deposit requested through the API with a real receipt and approved by the admin, answered as
 * the approval returned it (reference, dates, the wallet it was paid to).
 */
export async function approvedDepositRow(
  request: APIRequestContext,
  userToken: string,
  amount: string,
): Promise<DepositRow> {
  const paymentTo = await bitcoinWallet(request);
  const requested = await request.post('/api/v1/deposits', {
    headers: bearer(userToken),
    multipart: { type: 'bitcoin', amount, paymentTo, image: pngFile('history-receipt.png') },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { transaction } = (await requested.json()) as { transaction: DepositRow };
  const approved = await request.post(`/api/v1/admin/deposits/${transaction._id}/approve`, {
    headers: bearer(await adminTokenOf(request)),
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return ((await approved.json()) as { deposit: DepositRow }).deposit;
}

/**
 * The plans of the spec (section 9) as account tiers: the tier is the plan whose range holds the
 * approved deposits (the home page's FAQ), each range holding its lower bound; in cents.
 */
export const tierFloors: readonly (readonly [string, number])[] = [
  ['Student', 100_00],
  ['Basic', 2_000_00],
  ['Standard', 20_000_00],
  ['Bronze', 50_000_00],
  ['Silver', 100_000_00],
  ['Gold', 500_000_00],
  ['Platinum', 1_000_000_00],
  ['Diamond', 5_000_000_01],
];

/** The tier of approved deposits of `cents`: "None" below Student's minimum. */
export function tierOf(cents: number): string {
  let tier = 'None';
  for (const [name, floor] of tierFloors) if (cents >= floor) tier = name;
  return tier;
}

/** The next tier above approved deposits of `cents`, and the deposits that reach it exactly. */
export function nextTier(cents: number): { name: string; floor: number } {
  const next = tierFloors.find(([, floor]) => floor > cents);
  if (!next) throw new Error(`No tier above ${cents} cents`);
  return { name: next[0], floor: next[1] };
}

/** Cents as the decimal the API takes ("749.25"). */
export const usdOf = (cents: number) => (cents / 100).toFixed(2);

/** The overview's account tier badge (beside its "Account tier" label). */
export const accountTier = (page: Page) =>
  page.getByText('Account tier', { exact: true }).locator('xpath=following-sibling::*[1]');

/** The overview's investment goal (after its "Investment goal:" label). */
export const investmentGoal = (page: Page) =>
  page.getByText('Investment goal:', { exact: true }).locator('xpath=following-sibling::*[1]');

/** A row of the profile's Personal Information: a button named "Label: value". */
export const profileRow = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label}\\s*:`) });

/** The value a description list (e.g. a transaction's details) gives for `term`. */
export const detailOf = (scope: Locator, term: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A date and time as the dashboard writes it, in the browser's own locale settings and time zone. */
export function shownDateTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
    iso,
  );
}
