#!/usr/bin/env node
// `pnpm bench`: prints the project's figures. These are measurements, not pass/fail tests.
//   node bench/run.mjs [site] [ui] [api]      (all when none is named)
import path from 'node:path';
import { root, run } from '../scripts/lib/proc.mjs';
import { measureApi } from './api.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measurePageWeights, pageBudgetKb, publicAndAuthPages } from './page-weight.mjs';
import { measureComponents } from './ui-size.mjs';

const wanted = process.argv.slice(2);
const want = (name) => wanted.length === 0 || wanted.includes(name);

if (want('site')) {
  const built = await run(process.execPath, [path.join(root, 'apps', 'site', 'scripts', 'build.mjs')]);
  if (built !== 0) process.exit(built);
  const pages = publicAndAuthPages();
  console.log(`\nSite: initial JavaScript of every public and auth page (budget ${pageBudgetKb} KB gzip)`);
  console.table(await measurePageWeights(pages));
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
