import type { Page } from '@playwright/test';

/**
 * Collects every error the page reports from now on: console errors and uncaught exceptions. The
 * browser logs each HTTP error answer to a fetch as a console error of its own ("Failed to load
 * resource: … status of 400"), so a test that provokes one expects it by name; each entry ends with
 * the address it came from, the request's for such a message.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${new URL(url).pathname})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`Uncaught ${error.name}: ${error.message}`));
  return errors;
}
