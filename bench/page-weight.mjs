// The initial JavaScript of each page: what Chromium fetches from the first request until the page is
// live (its frame marked `data-ready` on <html>) and the network has been quiet for a moment, each
// script's body gzip-compressed as a browser would receive it. Lazy chunks fetched later (a dialog
// opened, the next page) are not in it. Beside it, what the page has fetched once a person is there (a
// pointer over it): the code of its deferred parts, a form's, comes then. The dashboard's pages are
// measured signed in as an investor, the back office's as an admin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from '../scripts/lib/proc.mjs';
import { chromeFlags, chromePath, investorSession, productAdmin, signIn, startProduct } from './product.mjs';

/** The budget of each public and auth page: at most 100 KB of initial JavaScript, gzip. */
export const pageBudgetKb = 100;

function builtPaths() {
  return JSON.parse(readFileSync(path.join(root, 'apps', 'site', 'dist', 'routes.json'), 'utf8')).paths;
}

const signedInArea = (route) => route.startsWith('/dashboard') || route.startsWith('/admin');

/** The public and auth pages of the build: every path it has a page for, but the dashboard's and the back office's. */
export function publicAndAuthPages() {
  return builtPaths().filter((route) => !signedInArea(route) && !route.includes('$'));
}

/** The build's pages under `prefix` (`/dashboard`, `/admin`), each measured signed in. */
export function signedInPages(prefix) {
  // A route with a parameter is measured at a real address: a fund's (its first fund), a user's (the
  // investor's own). Any other parameter has no address to open.
  return builtPaths().filter(
    (route) =>
      (route === prefix || route.startsWith(`${prefix}/`)) &&
      route.replaceAll(/\$(fundId|userId)/g, '').indexOf('$') === -1,
  );
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

/**
 * Measures each page of `groups` (`{ pages, as }`: `as` is 'investor' or 'admin' for pages measured
 * signed in, else nothing) on one product. Answers each group's rows, in order, and every page's
 * scripts (files under the site, `assets/…`): what it had fetched once used.
 */
export async function measurePageWeights(groups) {
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((flag) => flag !== '--headless'),
  });
  try {
    const sessions = {};
    const sessionAs = async (as) => {
      sessions[as] ??= await (as === 'admin' ? signIn(product, productAdmin) : investorSession(product));
      return sessions[as];
    };
    // A user's page of the back office is measured on the investor's.
    const investorId = async () => {
      const info = await fetch(`${product.baseUrl}/api/v1/users/user-info`, {
        headers: { authorization: `Bearer ${(await sessionAs('investor')).token}` },
      });
      return (await info.json())._id;
    };
    // A fund's pages are measured on the first fund the product lists.
    const fundId = async () => {
      const funds = await fetch(`${product.baseUrl}/api/v1/funds`, {
        headers: { authorization: `Bearer ${(await sessionAs('investor')).token}` },
      });
      return (await funds.json()).items[0]._id;
    };
    const scriptsOf = {};
    const tables = [];
    for (const { pages, as } of groups) {
      const rows = {};
      for (const route of pages) {
        const context = await browser.newContext();
        if (as) {
          // The saved session is in place before the app's first script reads it.
          await context.addInitScript(
            (value) => {
              try {
                window.localStorage.setItem('user-info', value);
              } catch {
                // A frame without storage (about:blank) has no session to set.
              }
            },
            JSON.stringify(await sessionAs(as)),
          );
        }
        let url = pageUrl(route);
        if (url.includes('$userId')) url = url.replace('$userId', await investorId());
        if (url.includes('$fundId')) url = url.replace('$fundId', await fundId());
        const page = await context.newPage();
        const scripts = new Map();
        // Every script and stylesheet the page fetched, for the check that none is the back office's.
        const fetched = new Set();
        page.on('response', async (response) => {
          const type = response.request().resourceType();
          if (type === 'script' || type === 'stylesheet')
            fetched.add(new URL(response.url()).pathname.slice(1));
          if (type !== 'script') return;
          const body = await response.body().catch(() => undefined);
          if (body) scripts.set(new URL(response.url()).pathname.slice(1), gzipSync(body).length);
        });
        const settled = requestsSettled(page);
        await page.goto(`${product.baseUrl}${url}`, { waitUntil: 'load' });
        await page.waitForFunction(() => 'ready' in document.documentElement.dataset, null, {
          timeout: 30_000,
        });
        await settled();
        if (as && !new URL(page.url()).pathname.startsWith(url.split('?')[0])) {
          throw new Error(`${route}: signed in as ${as}, the page went to ${page.url()}`);
        }
        const sum = () => [...scripts.values()].reduce((all, size) => all + size, 0) / 1024;
        const total = sum();
        // A page's deferred parts (its form) fetch their code at the first sign of a person: the
        // pointer moved over the page shows what the page weighs once someone uses it.
        await page.mouse.move(200, 200);
        await settled();
        rows[route] = {
          'initial JS (KB gzip)': Number(total.toFixed(1)),
          'once used (KB gzip)': Number(sum().toFixed(1)),
          scripts: scripts.size,
          ...(as ? {} : { [`within ${pageBudgetKb} KB`]: total <= pageBudgetKb ? 'yes' : 'NO' }),
        };
        scriptsOf[as ? `${route} (${as})` : route] = fetched;
        await context.close();
      }
      tables.push(rows);
    }
    return { tables, scriptsOf };
  } finally {
    await browser.close();
    await product.stop();
  }
}

/**
 * Follows a page's requests and answers a wait for them to settle: nothing in flight for 500 ms, the
 * live event stream aside. A signed-in page holds that stream open for as long as it is open, so the
 * network never falls idle there; what the page loads (its scripts, styles and data) does.
 */
function requestsSettled(page) {
  const inFlight = new Set();
  const isEventStream = (request) => new URL(request.url()).pathname === '/api/v1/events';
  page.on('request', (request) => {
    if (!isEventStream(request)) inFlight.add(request);
  });
  for (const event of ['requestfinished', 'requestfailed'])
    page.on(event, (request) => inFlight.delete(request));
  return async () => {
    let quietSince = Date.now();
    const deadline = Date.now() + 30_000;
    while (Date.now() - quietSince < 500) {
      if (Date.now() > deadline) throw new Error(`${page.url()}: requests still in flight after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (inFlight.size > 0) quietSince = Date.now();
    }
  };
}
