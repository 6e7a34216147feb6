import { tokenOf, verifiedAccount } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { bearer, openPage, signIn } from './support/dashboard';
import { admin } from './support/env';
import { approvedDepositRow } from './support/screens';
import { expect, expectToastShown, test } from './support/test';

// Signing up, a deposit approved, the funds' first prices: seconds each on a shared 2-core machine,
// and at worst a wait for a candle's close (below).
test.describe.configure({ timeout: 600_000 });

type FundSummary = {
  _id: string;
  name: string;
  status: 'trading' | 'paused';
  statusReason: string | null;
  timeframe: string;
  valuedAt: string | null;
};

/** Hourly candles: the stand-in exchange's, and the index fund's timeframe. */
const hourMs = 3_600_000;
/**
 * A request is priced by the fund's step at its next candle's close. The walk from investing to the
 * portfolio takes seconds to a minute on a busy machine: begun closer than this to a close, it waits
 * for that step first, so that the request it follows is still waiting when it looks.
 */
const clearOfCloseMs = 240_000;

test('an investor invests in a fund, sees the request wait for its valuation, and reads the fact sheet', async ({
  page,
  request,
}) => {
  const account = await verifiedAccount(request, 'Ivy Investor');
  const token = await tokenOf(request, account.email, account.password);
  await approvedDepositRow(request, token, '1000.00');

  // The funds trade once the server has fetched the stand-in exchange's prices in the background.
  let index: FundSummary | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/v1/funds', { headers: bearer(token) });
        const { items } = (await answer.json()) as { items: FundSummary[] };
        index = items.find((fund) => fund.name === 'Crypto index');
        return index?.status;
      },
      { message: 'the index fund trading on fresh prices', timeout: 150_000, intervals: [2_000] },
    )
    .toBe('trading');
  const fundId = index?._id ?? '';
  expect(index?.timeframe).toBe('1h');
  const nextClose = Math.ceil(Date.now() / hourMs) * hourMs;
  if (nextClose - Date.now() < clearOfCloseMs) {
    await expect
      .poll(
        async () => {
          const answer = await request.get('/api/v1/funds', { headers: bearer(token) });
          const { items } = (await answer.json()) as { items: FundSummary[] };
          const valuedAt = items.find((fund) => fund._id === fundId)?.valuedAt;
          return valuedAt ? Date.parse(valuedAt) >= nextClose : false;
        },
        {
          message: "the index fund's step at the candle's close",
          timeout: clearOfCloseMs + 180_000,
          intervals: [5_000],
        },
      )
      .toBe(true);
  }

  await signIn(page, account);
  await openPage(page, 'Funds', '/dashboard/funds');
  await expect(page.getByRole('heading', { level: 1, name: 'Funds' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Risk warning' })).toContainText(
    "Don't invest unless you're prepared to lose all the money you invest.",
  );
  await expect(page.getByRole('list', { name: 'Funds' }).getByRole('article')).toHaveCount(3);

  // A first investment: the appropriateness check comes before the amount, and the server grades it.
  await page.getByRole('button', { name: 'Invest in Crypto index' }).click();
  const check = page.getByRole('dialog', { name: 'Before your first investment' });
  await expect(check.getByRole('note', { name: 'Risk warning' })).toBeVisible();
  const answers: [string, string][] = [
    [
      'If the coins a fund holds fall in price, what happens to the value of your units?',
      'It falls too, and can fall to nothing',
    ],
    [
      'If something goes wrong, for example the platform or an exchange fails, are you protected?',
      'No: no compensation scheme covers crypto investments',
    ],
    [
      'Could you afford to lose all the money you plan to invest?',
      'Yes: losing it would not change how I live',
    ],
    ['How long could you leave this money invested?', 'More than five years'],
    ['How often have you bought crypto or other high-risk investments before?', 'A few times'],
  ];
  for (const [question, option] of answers) {
    await check.getByRole('group', { name: question }).getByRole('radio', { name: option }).check();
  }
  await check.getByRole('button', { name: 'Submit my answers' }).click();
  const form = page.getByRole('dialog', { name: 'Invest in Crypto index' });
  await expect(form.getByRole('note', { name: 'Risk warning' })).toBeVisible();
  await form.getByLabel(/^Amount in USD/).fill('100');
  await expect(form.getByRole('status')).toContainText('$100.00 would buy about');
  await form.getByRole('button', { name: 'Review the investment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your investment' });
  await expect(confirm).toContainText('$100.00');
  await confirm.getByRole('button', { name: 'Invest $100.00' }).click();
  await expectToastShown(
    page,
    /^Investment received; it is priced at the next valuation, about \d\d:\d\d\.$/,
  );

  // The request waits on the fund's fact sheet and on the portfolio until a valuation prices it.
  await page.getByRole('link', { name: 'Fact sheet of Crypto index' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/funds/${fundId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Crypto index' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your investment' })).toContainText(
    /Investment of \$100\.00: priced at the next valuation, about \d\d:\d\d\./,
  );
  await expect(page.getByRole('figure', { name: 'NAV per unit' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Drawdown' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Strategy and risk rules' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'What the fund holds' })).toBeVisible();
  await expectNoAxeViolations(page);

  await openPage(page, 'Portfolio', '/dashboard/portfolio');
  const waiting = page.getByRole('region', { name: 'Waiting for a valuation' });
  await expect(waiting).toContainText('Investment of $100.00 in Crypto index');

  // The money left the available balance at once: what is left is the deposit less the investment.
  const info = await request.get('/api/v1/users/user-info?fields=availableBalance', {
    headers: bearer(token),
  });
  expect(((await info.json()) as { availableBalance: number }).availableBalance).toBe(900);
});

test('the public and auth pages fetch no chart code', async ({ page }) => {
  const charts: string[] = [];
  page.on('request', (sent) => {
    if (/lightweight-charts/i.test(sent.url())) charts.push(sent.url());
  });
  for (const path of ['/', '/sign-in', '/sign-up']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(charts).toEqual([]);
});

test('an operator pauses a fund on the trading desk, and its investors see why', async ({
  page,
  browser,
  request,
}) => {
  const fundName = 'Trend follower BTC';
  const reason = 'Exchange maintenance announced';
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  await page.getByRole('link', { name: 'Trading', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
  const funds = page.getByRole('table', { name: 'Every fund’s figures' });
  await expect(funds.getByRole('row', { name: new RegExp(`^${fundName}`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await funds.getByRole('link', { name: `Open ${fundName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: fundName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reconciliation' })).toContainText('Books and ledger agree');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Pause fund' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Pause ${fundName}?` });
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Pause fund' }).click();
  await expectToastShown(page, `${fundName} is paused`);
  await expect(page.getByRole('button', { name: 'Resume fund' })).toBeVisible();

  // The investor's fund list says the fund is paused, and why, in the admin's words.
  const account = await verifiedAccount(request, 'Pat Paused');
  const investorContext = await browser.newContext();
  try {
    const investorPage = await investorContext.newPage();
    await signIn(investorPage, account);
    await openPage(investorPage, 'Funds', '/dashboard/funds');
    const card = investorPage.getByRole('article').filter({ hasText: fundName });
    await expect(card).toContainText(`Paused by an admin: ${reason}`);
    await expect(card.getByRole('button', { name: `Invest in ${fundName}` })).toHaveCount(0);
  } finally {
    await investorContext.close();
  }

  // Resumed, it trades again.
  await page.getByRole('button', { name: 'Resume fund' }).click();
  const resume = page.getByRole('alertdialog', { name: `Resume ${fundName}?` });
  await resume.getByRole('button', { name: 'Resume fund' }).click();
  await expectToastShown(page, `${fundName} trades again from its next step`);
  await expect(page.getByRole('button', { name: 'Pause fund' })).toBeVisible();
});
