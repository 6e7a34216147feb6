import { test as base, type Page } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/**
 * Playwright's `test`, with a page whose `goto` and `reload` also wait for the app to be ready. A
 * prerendered page is painted before its scripts load, then hydrated; a person who presses a button in
 * between gets nothing (a form is held and sent once the app is ready), and a test must not either.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const appReady = () => page.waitForSelector('html[data-ready]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // `waitUntil: 'commit'` still means "wait for nothing": a test that looks at the page before it is ready.
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await appReady();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady();
      return response;
    };
    await use(page);
  },
});
