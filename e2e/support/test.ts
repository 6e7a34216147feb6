import { test as base, expect, type Page } from '@playwright/test';

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

/**
 * Chooses `option` in the select labelled `label`, as a person does: open the list, click the option,
 * and check the select shows it. On a busy machine opening a list (the 250 countries) or closing it
 * can take seconds, and an open list hides the select from the accessibility tree, so the list itself
 * is looked at: open it unless it is open, click the option; a click that timed out may still have
 * done its work, so each try first looks whether the choice is already made.
 */
export async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  const list = page.getByRole('listbox');
  await expect(async () => {
    if (!(await list.isVisible())) {
      if ((await select.textContent({ timeout: 10_000 }))?.trim() === option) return;
      await select.click({ timeout: 30_000 });
    }
    await list.getByRole('option', { name: option, exact: true }).click({ timeout: 30_000 });
    await expect(select).toHaveText(option, { timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
}
