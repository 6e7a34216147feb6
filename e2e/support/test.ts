import { test as base, expect, type Page } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

type ToastWindow = Window & { __toastsShown?: string[] };

/**
 * Runs in every document the page loads, before its scripts: records the text of every toast the
 * notifications region shows. A success toast closes after 2 s; on a busy machine a test can look
 * only after it has gone, so tests ask whether it was shown (`expectToastShown`), not whether it is
 * still there.
 */
function recordToasts() {
  const shown: string[] = [];
  const seen = new WeakSet<Element>();
  (window as ToastWindow).__toastsShown = shown;
  new MutationObserver(() => {
    for (const item of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')) {
      const text = item.textContent?.trim();
      if (!text || seen.has(item)) continue;
      seen.add(item);
      shown.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until a toast saying `text` has been shown on the page's current document, and takes it off
 * the record: a second call for the same words needs a second toast.
 */
export async function expectToastShown(page: Page, text: string | RegExp): Promise<void> {
  const wanted = typeof text === 'string' ? text : { source: text.source, flags: text.flags };
  await expect
    .poll(
      () =>
        page.evaluate((pattern) => {
          const shown = (window as ToastWindow).__toastsShown ?? [];
          const index = shown.findIndex((message) =>
            typeof pattern === 'string'
              ? message.includes(pattern)
              : new RegExp(pattern.source, pattern.flags).test(message),
          );
          if (index === -1) return false;
          shown.splice(index, 1);
          return true;
        }, wanted),
      // The configured wait for an assertion (playwright.config.ts), as every other expectation.
      { message: `a toast saying ${text}` },
    )
    .toBe(true);
}

/**
 * Makes `page` a page as the tests use it: the toasts it shows are recorded, and its `goto` and
 * `reload` also wait for the app to be ready. Every test's `page` is one; a page of a browser context
 * a test opens itself (a second person) is made one here.
 */
export async function readyPage(page: Page): Promise<Page> {
  await page.addInitScript(recordToasts);
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
  return page;
}

/**
 * Playwright's `test`, with a page whose `goto` and `reload` also wait for the app to be ready. A
 * prerendered page is painted before its scripts load, then hydrated; a person who presses a button in
 * between gets nothing (a form is held and sent once the app is ready), and a test must not either.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await use(await readyPage(page));
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
