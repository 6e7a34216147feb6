// Lighthouse 13 (Debian Chromium, its mobile defaults, the median of 3 runs) on the built product
// served by `pnpm start` on a fresh embedded database: every public and auth page, then
// /dashboard/overview and a fund's fact sheet signed in (the session is put in the browser profile
// Lighthouse then uses).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { bin } from '../scripts/lib/proc.mjs';
import { pageUrl } from './page-weight.mjs';
import { chromeFlags, chromePath, investorSession, startProduct } from './product.mjs';

const execFileAsync = promisify(execFile);
const runsPerPage = 3;

async function signedInProfile(product) {
  const session = await investorSession(product);
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: chromeFlags.filter((flag) => flag !== '--headless'),
  });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/sign-in`);
  await page.evaluate((value) => localStorage.setItem('user-info', value), JSON.stringify(session));
  await context.close();
  return { profile, token: session.token };
}

async function lighthouse(url, { profile } = {}) {
  const outFile = path.join(tmpdir(), `lighthouse-${process.pid}-${Date.now()}.json`);
  const flags = profile ? [...chromeFlags, `--user-data-dir=${profile}`] : chromeFlags;
  await execFileAsync(
    bin('lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${flags.join(' ')}`,
      ...(profile ? ['--disable-storage-reset'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  rmSync(outFile, { force: true });
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    SEO: score('seo'),
    'LCP ms': Math.round(audit('largest-contentful-paint')),
    'TBT ms': Math.round(audit('total-blocking-time')),
    CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
    'JS loaded (KB gzip)': Number(
      (scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024).toFixed(1),
    ),
    failing: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id)
      .join(' '),
  };
}

/**
 * One run, run again (twice at most) when Lighthouse itself fails to record the page load and says
 * to run it again (NO_NAVSTART, NO_FCP and the like on a busy machine); any other failure stops.
 */
async function lighthouseRun(url, options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, options);
    } catch (error) {
      const retriable = /Please run Lighthouse again|NO_NAVSTART|NO_FCP/.test(String(error?.stderr ?? ''));
      if (!retriable || attempt === 3) throw error;
      console.error(
        `  Lighthouse could not record ${url} (${String(error.stderr).trim()}); running it again`,
      );
    }
  }
}

/** The run with the median performance score of `runsPerPage`. */
async function median(url, options) {
  const runs = [];
  for (let index = 0; index < runsPerPage; index += 1) runs.push(await lighthouseRun(url, options));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)];
}

/** Lighthouse on every public and auth page, then on the overview and a fact sheet signed in. */
export async function measureLighthouse(pages) {
  const product = await startProduct();
  try {
    const rows = {};
    for (const route of pages) rows[route] = await median(`${product.baseUrl}${pageUrl(route)}`);
    const { profile, token } = await signedInProfile(product);
    rows['/dashboard/overview (signed in)'] = await median(`${product.baseUrl}/dashboard/overview`, {
      profile,
    });
    // A fund's fact sheet, with its charts: the first fund the product lists.
    const funds = await fetch(`${product.baseUrl}/api/v1/funds`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [fund] = (await funds.json()).items;
    rows['/dashboard/funds/$fundId (signed in)'] = await median(
      `${product.baseUrl}/dashboard/funds/${fund._id}`,
      {
        profile,
      },
    );
    rmSync(profile, { recursive: true, force: true });
    return rows;
  } finally {
    await product.stop();
  }
}
