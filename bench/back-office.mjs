// The back office's code in the built site, and the check that no other page loads it. The back
// office's code is the code-split parts of its routes (apps/site/src/routes/_admin*.tsx: component,
// loader, pending and error parts, which hold its screens from apps/site/src/screens/admin) and what
// only they import. The routes' definitions themselves (path, beforeLoad, the lazy parts' loaders) are
// the router's table, which every page of the app carries: they are counted apart.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../scripts/lib/proc.mjs';

const siteDir = path.join(root, 'apps', 'site');
const distDir = path.join(siteDir, 'dist');
const screensDir = `${path.join(siteDir, 'src', 'screens', 'admin')}${path.sep}`;
const routesDir = `${path.join(siteDir, 'src', 'routes')}${path.sep}`;

const kb = (bytes) => Number((bytes / 1024).toFixed(1));

/** `src/routes/_admin.admin.kyc.tsx?tsr-split=component` → its file and its query ('' when none). */
function splitId(id) {
  const [file = '', query = ''] = id.replace(/^\0/, '').split('?');
  return { file, query };
}

/** An admin route's code-split part, as a manifest key (relative) or a module id (absolute). */
function isAdminRoutePart(id) {
  const { file, query } = splitId(id);
  return /(^|[\\/])routes[\\/]_admin[^\\/]*\.tsx$/.test(file) && query.includes('tsr-split');
}

/**
 * The chunks only the back office loads, from the build's manifest (what the served site is made
 * of): those of the admin routes' parts, and those that only they lead to, with their stylesheets.
 * Answers each file (script or stylesheet) with its gzip size and why it is the back office's.
 */
export function backOfficeChunks() {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const next = (key) => [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])];
  const adminParts = Object.keys(manifest).filter(isAdminRoutePart);
  // Everything the app reaches from its entries without passing through an admin route's part.
  const reached = new Set();
  const reach = (key) => {
    if (reached.has(key) || isAdminRoutePart(key)) return;
    reached.add(key);
    for (const key2 of next(key)) reach(key2);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) reach(key);

  const backOffice = new Map();
  const gzipOf = (file) => gzipSync(readFileSync(path.join(distDir, file))).length;
  // Stylesheets the rest of the app links: a chunk's CSS is the back office's only if none of them.
  const otherCss = new Set([...reached].flatMap((key) => manifest[key]?.css ?? []));
  const claim = (key, why) => {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js') || reached.has(key) || backOffice.has(file)) return;
    backOffice.set(file, { gzipBytes: gzipOf(file), why });
    for (const css of manifest[key]?.css ?? []) {
      if (!otherCss.has(css) && !backOffice.has(css))
        backOffice.set(css, { gzipBytes: gzipOf(css), why: `${why}, its styles` });
    }
    for (const key2 of next(key)) claim(key2, 'only the back office imports it');
  };
  for (const key of adminParts) claim(key, `${splitId(key).file.replace(/^src\//, '')}, split part`);
  return backOffice;
}

/**
 * Back-office code the other pages can load, found module by module in a build of the same sources
 * run in memory (the manifest names a chunk's entry module, not the modules merged into it): an admin
 * screen or an admin route's part inside a chunk the app reaches without an admin route. Beside
 * them, the admin routes' definitions in those chunks (the router's table). Each row: a module, its
 * chunk's name and its size before minifying.
 */
export async function backOfficeModulesElsewhere() {
  const requireFromSite = createRequire(path.join(siteDir, 'package.json'));
  const { build } = await import(requireFromSite.resolve('vite'));
  const result = await build({
    root: siteDir,
    configFile: path.join(siteDir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  });
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((bundle) => bundle.output)
    .filter((output) => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isAdminPartChunk = (chunk) => Boolean(chunk.facadeModuleId && isAdminRoutePart(chunk.facadeModuleId));
  const reached = new Set();
  const reach = (chunk) => {
    if (!chunk || reached.has(chunk) || isAdminPartChunk(chunk)) return;
    reached.add(chunk);
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) reach(byFile.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry) reach(chunk);

  const leaks = [];
  const definitions = [];
  for (const chunk of reached) {
    for (const [id, info] of Object.entries(chunk.modules)) {
      const { file } = splitId(id);
      const row = { module: path.relative(siteDir, file), chunk: chunk.name, bytes: info.renderedLength };
      if (file.startsWith(screensDir) || isAdminRoutePart(id)) leaks.push(row);
      else if (file.startsWith(routesDir) && path.basename(file).startsWith('_admin')) definitions.push(row);
    }
  }
  return { leaks, definitions };
}

/**
 * Checks each page's scripts and stylesheets against the back office's: `pages` maps a page to the
 * files it fetched (`assets/…`). Answers a row per page, and the pages that loaded any.
 */
export function checkPages(backOffice, pages) {
  const rows = {};
  const failures = [];
  for (const [page, files] of Object.entries(pages)) {
    const loaded = [...files].filter((file) => backOffice.has(file));
    const bytes = loaded.reduce((sum, file) => sum + (backOffice.get(file)?.gzipBytes ?? 0), 0);
    rows[page] = {
      'scripts and stylesheets': files.size,
      'back-office files': loaded.length,
      'back-office KB gzip': kb(bytes),
      result: loaded.length === 0 ? 'none' : 'LOADS BACK OFFICE',
    };
    if (loaded.length > 0) failures.push(`${page}: ${loaded.join(', ')}`);
  }
  return { rows, failures };
}

/** The back office's chunks as a table, largest first. */
export function backOfficeTable(backOffice) {
  return [...backOffice]
    .sort(([, a], [, b]) => b.gzipBytes - a.gzipBytes)
    .map(([file, { gzipBytes, why }]) => ({
      chunk: file.replace(/^assets\//, ''),
      'KB gzip': kb(gzipBytes),
      why,
    }));
}

/**
 * Prints the back office's chunks, the check of every other page (`scriptsOf`: page → files it
 * fetched; pages under /admin are the back office's own) and the back-office modules found in the
 * app's other chunks. Answers whether no other page can load back-office code.
 */
export function reportBackOffice(backOffice, { leaks, definitions }, scriptsOf) {
  console.log(
    `\nSite: the back office's chunks and stylesheets (${backOffice.size}), which no other page may load`,
  );
  console.table(backOfficeTable(backOffice));
  const others = Object.fromEntries(Object.entries(scriptsOf).filter(([page]) => !page.startsWith('/admin')));
  const { rows, failures } = checkPages(backOffice, others);
  console.log(
    '\nSite: back-office chunks and stylesheets loaded by the public, auth and dashboard pages (none is the rule)',
  );
  console.table(rows);
  if (failures.length > 0) console.log(`  LOADED OUTSIDE THE BACK OFFICE:\n    ${failures.join('\n    ')}`);
  if (leaks.length > 0) {
    console.log('  BACK-OFFICE CODE IN CHUNKS THE OTHER PAGES REACH:');
    console.table(leaks);
  } else {
    console.log('  No admin screen or admin route part is in a chunk the other pages reach.');
  }
  const definitionBytes = definitions.reduce((sum, row) => sum + row.bytes, 0);
  const definitionChunks = [...new Set(definitions.map((row) => row.chunk))];
  console.log(
    `  The router's table holds the back office's ${definitions.length} route definitions` +
      ` (${kb(definitionBytes)} KB before minifying) in ${definitionChunks.join(', ')}: every app page carries them.`,
  );
  return failures.length === 0 && leaks.length === 0;
}
