#!/usr/bin/env node
// `pnpm bench`: prints the project's figures. These are measurements, not pass/fail tests, but for one
// rule the site's figures check: no page outside the back office loads its code (exit code 1).
//   node bench/run.mjs [site] [ui] [api] [investments] [queue] [scale] [trading]   (all when none is named)
import path from 'node:path';
import { root, run } from '../scripts/lib/proc.mjs';
import { measureApi } from './api.mjs';
import { backOfficeChunks, backOfficeModulesElsewhere, reportBackOffice } from './back-office.mjs';
import { measureDepositQueue } from './deposit-queue.mjs';
import { measureInvestments } from './investments.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measurePageWeights, pageBudgetKb, publicAndAuthPages, signedInPages } from './page-weight.mjs';
import { measureScaleOut } from './scale-out.mjs';
import { measureComponents } from './ui-size.mjs';

const wanted = process.argv.slice(2);
const want = (name) => wanted.length === 0 || wanted.includes(name);

if (want('site')) {
  const built = await run(process.execPath, [path.join(root, 'apps', 'site', 'scripts', 'build.mjs')]);
  if (built !== 0) process.exit(built);
  // The back office's chunks in the build just made, and its modules in a build of the same sources.
  const backOffice = backOfficeChunks();
  const backOfficeElsewhere = await backOfficeModulesElsewhere();
  const pages = publicAndAuthPages();
  const dashboard = signedInPages('/dashboard');
  const backOfficePages = signedInPages('/admin');
  const { tables, scriptsOf } = await measurePageWeights([
    { pages },
    { pages: dashboard, as: 'investor' },
    { pages: backOfficePages, as: 'admin' },
  ]);
  console.log(`\nSite: initial JavaScript of every public and auth page (budget ${pageBudgetKb} KB gzip)`);
  console.table(tables[0]);
  console.log(
    '\nSite: initial JavaScript of the dashboard (as an investor) and the back office (as an admin)',
  );
  console.table({ ...tables[1], ...tables[2] });

  // No back-office bytes on any other page: the bench fails when one loads the back office's code.
  if (!reportBackOffice(backOffice, backOfficeElsewhere, scriptsOf)) process.exitCode = 1;
  console.log(`\nSite: Lighthouse 13, mobile, median of 3 (target: 100 in all four categories on every
public and auth page; dashboard: performance >= 95, the rest 100)`);
  const rows = await measureLighthouse(pages);
  const failing = Object.entries(rows).filter(([, row]) => row.failing);
  console.table(
    Object.fromEntries(Object.entries(rows).map(([route, { failing: _, ...row }]) => [route, row])),
  );
  for (const [route, row] of failing) console.log(`${route}: audits below full marks: ${row.failing}`);
}

if (want('ui')) {
  const { baselineKb, rows } = await measureComponents();
  console.log(
    `\nDesign system: the cost of importing one component alone (React + react-dom: ${baselineKb} KB gzip)`,
  );
  console.table(rows);
}

if (want('api')) {
  // The real server on PostgreSQL under load: it prints its own table when every figure is in.
  await measureApi();
}

if (want('investments')) {
  // Investments into one fund at a steady 200 requests a second, on PostgreSQL.
  await measureInvestments();
}

if (want('queue')) {
  // The back office's deposit queue with 100,000 pending deposits: one request at a time, per page asked.
  await measureDepositQueue();
}

if (want('scale')) {
  // Growth to a million users, two instances on one database, live events from one to the other.
  await measureScaleOut();
}

if (want('trading')) {
  // The trading engine: a year of 1-minute candles per strategy, against a bare loop over the same
  // candles; then a fund's step and valuation held by a thousand and by a million investors.
  for (const bench of ['bench/backtest.ts', 'bench/holders.ts']) {
    const code = await run(process.execPath, ['--import', 'tsx', bench], {
      cwd: path.join(root, 'packages', 'engine'),
    });
    if (code !== 0) process.exitCode = code;
  }
}
