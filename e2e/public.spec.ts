import { uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mailbox';
import { expect, expectToastShown, type Page, test } from './support/test';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

test('the navigation bar takes its fixed style once the page scrolls past 80 px', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('banner');
  await expect(bar).not.toHaveAttribute('data-fixed');
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(bar).not.toHaveAttribute('data-fixed');
  await page.evaluate(() => window.scrollTo(0, 81));
  await expect(bar).toHaveAttribute('data-fixed', '');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).not.toHaveAttribute('data-fixed');
});

test('on a phone the hamburger opens the links, and a link click closes the panel', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const panel = page.getByRole('dialog', { name: 'Menu' });
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'About Us' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The new page's button opens the menu once its script has taken over the prerendered page.
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});

test('the FAQ keeps one question open: the first at first, then the one clicked', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(9);
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  for (let index = 1; index < 9; index += 1) {
    await expect(questions.nth(index)).toHaveAttribute('aria-expanded', 'false');
  }
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
});

for (const [width, perView] of [
  [375, 1],
  [700, 2],
  [1300, 3],
] as const) {
  test(`the reviews carousel shows ${perView} slide(s) at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Embracing Healthy Competition' })).toBeVisible();
    // Five testimonies: one dot per position the first visible slide can take.
    await expect(page.getByRole('button', { name: /^Go to slide \d$/ })).toHaveCount(5 - perView + 1);
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(5);
    const visible = await slides.evaluateAll((elements) => {
      const track = elements[0]?.parentElement?.getBoundingClientRect();
      return elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return track && box.left >= track.left - 1 && box.right <= track.right + 1;
      }).length;
    });
    expect(visible).toBe(perView);
    await page.getByRole('button', { name: 'Go to slide 2' }).click();
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  });
}

test('the contact form checks its fields, sends, and the message reaches support', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Message is required', { exact: true })).toBeVisible();
  await page.getByLabel(/^Email/).fill('carla@');
  await expect(page.getByText('Provide a valid email', { exact: true })).toBeVisible();

  const email = uniqueEmail('carla');
  await page.getByLabel(/^Name/).fill('Carla Contact');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Message/).fill('When are withdrawals processed on weekends?');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
  await waitForMail('support@ledgerline.local', /Contact form: message from Carla Contact/);
  await expect(toast(page, /./)).toHaveCount(0);
});

test('the home page hydrates without the router or the app: its links are plain page loads', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // Hydrated: the FAQ answers a click.
  const question = page.getByRole('button', { name: 'How do I reach support?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(scripts.filter((script) => /\/assets\/(router|app)-/.test(script))).toEqual([]);

  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('every prerendered page hydrates without the router, a form on it too', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const appScripts = () => scripts.filter((script) => /\/assets\/(router|app)-[\w-]{8}\.js$/.test(script));
  for (const path of ['/about-us', '/contact-us', '/reviews', '/regulations', '/sign-in', '/check-email']) {
    await page.goto(path);
    await page.waitForFunction(() => 'ready' in document.documentElement.dataset);
    expect(appScripts(), path).toEqual([]);
  }
  // The sign-in island is live: a wrong password is answered by the server, on the same page.
  await page.goto('/sign-in');
  await page.getByLabel(/^Email/).fill('nobody@example.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToastShown(page, /incorrect|invalid|wrong/i);
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(appScripts()).toEqual([]);
});

test('public pages are served as HTML with their content before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, heading] of [
    ['/', /./],
    ['/about-us', /./],
    ['/reviews', /./],
    ['/privacy-policy', /Privacy/i],
    ['/terms-of-service', /Terms/i],
    ['/sign-in', 'Sign in'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/Ledgerline/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/.{50,}/);
  }
  await context.close();
});

test('an unknown route shows the designed error page with its message', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  // Answered 404, not a page that search engines would index.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
});
