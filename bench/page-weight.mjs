// The initial JavaScript of every public and auth page: what Chromium fetches from the first request
// until the page is live (its frame marked `data-ready` on <html>) and the network has been quiet for
// a moment, each script's body gzip-compressed as a browser would receive it. Lazy chunks fetched
// later (a dialog opened, the next page) are not in it. Beside it, what the page has fetched once a
// person is there (a pointer over it): the code of its deferred parts, a form's, comes then.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from '../scripts/lib/proc.mjs';
import { chromeFlags, chromePath, startProduct } from './product.mjs';

/** The budget of each public and auth page: at most 100 KB of initial JavaScript, gzip. */
export const pageBudgetKb = 100;

/** The public and auth pages of the build: every path it has a page for, but the dashboard's. */
export function publicAndAuthPages() {
  const { paths } = JSON.parse(readFileSync(path.join(root, 'apps', 'site', 'dist', 'routes.json'), 'utf8'));
  return paths.filter((route) => !route.startsWith('/dashboard') && !route.includes('$'));
}

/**
 * The address a page is measured at: as people open it. /change-password comes from a mailed link,
 * so it is measured with one (its values made up: the form is measured, not the server's answer).
 * /verify-email is measured without one: a made-up link would be refused by the server, which a
 * real visit never is, and a real link works only once.
 */
export function pageUrl(route) {
  const links = {
    '/change-password':
      '/change-password?email=someone%40example.com&token=bench-token-0123456789abcdefghijklmnopqrstuvw',
  };
  return links[route] ?? route;
}

export async function measurePageWeights(pages) {
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((flag) => flag !== '--headless'),
  });
  try {
    const rows = {};
    for (const route of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => undefined);
        if (body) scripts.set(response.url(), gzipSync(body).length);
      });
      await page.goto(`${product.baseUrl}${pageUrl(route)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => 'ready' in document.documentElement.dataset, null, {
        timeout: 30_000,
      });
      await page.waitForLoadState('networkidle');
      const sum = () => [...scripts.values()].reduce((all, size) => all + size, 0) / 1024;
      const total = sum();
      // A page's deferred parts (its form) fetch their code at the first sign of a person: the
      // pointer moved over the page shows what the page weighs once someone uses it.
      await page.mouse.move(200, 200);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      rows[route] = {
        'initial JS (KB gzip)': Number(total.toFixed(1)),
        'once used (KB gzip)': Number(sum().toFixed(1)),
        scripts: scripts.size,
        [`within ${pageBudgetKb} KB`]: total <= pageBudgetKb ? 'yes' : 'NO',
      };
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
    await product.stop();
  }
}
