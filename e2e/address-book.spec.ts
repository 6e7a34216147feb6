import { tokenOf, verifiedAccount } from './support/accounts';
import { approvedDeposit, bearer, signIn } from './support/dashboard';
import { linkIn, waitForMail } from './support/mailbox';
import { expect, test } from './support/test';

/** Valid for the server (BIP 173's example), and another of its own kind. */
const savedAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const otherAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

test('with the address lock on, a newly saved address counts down and other addresses are refused', async ({
  page,
  request,
}) => {
  // An account of its own: the lock would refuse the other tests' withdrawals.
  const account = await verifiedAccount(request, 'Lena Lock');
  const token = await tokenOf(request, account.email, account.password);
  await approvedDeposit(request, token, '100.00');
  const locked = await request.put('/api/v1/users/withdrawal-address-lock', {
    headers: bearer(token),
    data: { enabled: true },
  });
  expect(locked.status(), await locked.text()).toBe(200);

  await signIn(page, account);
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: 'Security Information' }).click();
  await expect(
    page.getByRole('switch', { name: 'Only allow withdrawals to my saved addresses' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Save an address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a withdrawal address' });
  await dialog.getByRole('combobox', { name: /^Coin/ }).click();
  await page.getByRole('option', { name: 'Bitcoin', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: /^Network/ })).toHaveText('Bitcoin (BTC)');
  await dialog.getByLabel(/^Address/).fill(savedAddress);
  await dialog.getByLabel(/^Name/).fill('Hardware wallet');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();

  // The server's default hold is a day: the new address counts down from just under 24 hours.
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText('On hold')).toBeVisible();
  const timer = saved.getByRole('timer');
  await expect(timer).toHaveText(/^Usable in 2[34]:\d\d:\d\d$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');

  // Neither another address nor the held one can receive a withdrawal yet.
  for (const [address, refusal] of [
    [otherAddress, 'Withdrawals are locked to your saved addresses: save this address first.'],
    [savedAddress, /^This saved address can receive withdrawals from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/],
  ] as const) {
    const refused = await request.post('/api/v1/withdrawals', {
      headers: bearer(token),
      multipart: { type: 'bitcoin', network: 'BTC', address, amount: '10.00' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(refusal);
  }
});

test('turning the address lock off waits, and the mailed link keeps it on, once', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Cora Cancel');
  const token = await tokenOf(request, account.email, account.password);
  const locked = await request.put('/api/v1/users/withdrawal-address-lock', {
    headers: bearer(token),
    data: { enabled: true },
  });
  expect(locked.status(), await locked.text()).toBe(200);
  const unlocking = await request.put('/api/v1/users/withdrawal-address-lock', {
    headers: bearer(token),
    data: { enabled: false, password: account.password },
  });
  expect(unlocking.status(), await unlocking.text()).toBe(200);
  expect(((await unlocking.json()) as { lockEnabled: boolean }).lockEnabled).toBe(true);

  // Opened signed out: the link alone is enough.
  const link = linkIn(
    await waitForMail(account.email, /The lock on your withdrawal addresses is turning off/),
    '/cancel-address-lock-off',
  );
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The lock stays on' })).toBeVisible();
  await expect(
    page.getByText('The lock stays on. Withdrawals may go only to your saved addresses.'),
  ).toBeVisible();

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not keep the lock on' })).toBeVisible();
});
