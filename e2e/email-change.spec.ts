import { uniqueEmail, verifiedAccount } from './support/accounts';
import { signIn, signInThroughPage } from './support/dashboard';
import { linkIn, waitForMail } from './support/mailbox';
import { expect, test } from './support/test';

test('a change of email: asked for in Profile → Security, confirmed by the mailed link, then signs in', async ({
  page,
  request,
}) => {
  // An account of its own: its email changes.
  const account = await verifiedAccount(request, 'Ezra Email');
  const newEmail = uniqueEmail('ezra.moved');
  await signIn(page, account);
  await page.goto('/dashboard/profile');
  await page.getByRole('tab', { name: 'Security Information' }).click();
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email' });
  await dialog.getByLabel(/^New email/).fill(newEmail);
  await dialog.getByLabel(/^Password/).fill(account.password);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Check your inbox at' })).toHaveText(
    `Check your inbox at ${newEmail} and follow the link to confirm the change.`,
  );
  await waitForMail(account.email, /A change of your email was asked for/);

  const link = linkIn(await waitForMail(newEmail, /Confirm your new email/), '/confirm-email-change');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is changed' })).toBeVisible();
  await expect(page.getByText(`Your email is now ${newEmail}. Use it to sign in.`)).toBeVisible();
  const changed = await waitForMail(account.email, /Your email was changed/);

  await page.evaluate(() => localStorage.clear());
  await signInThroughPage(page, { ...account, email: newEmail });

  // "This wasn't me": the link mailed to the old address gives it back, opened signed out.
  await page.evaluate(() => localStorage.clear());
  const revert = linkIn(changed, '/revert-email-change');
  await page.goto(`${revert.pathname}${revert.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is changed back' })).toBeVisible();
  await expect(
    page.getByText(
      `Your email is ${account.email} again, and every session is signed out. Reset your password now.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Withdrawals are paused for now/)).toBeVisible();

  // The link works once.
  await page.goto(`${revert.pathname}${revert.search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not change your email back' }),
  ).toBeVisible();
  await expect(page.getByText('This link has already been used: the change was undone.')).toBeVisible();
});
