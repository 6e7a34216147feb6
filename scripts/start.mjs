#!/usr/bin/env node
// `pnpm start`: builds the site if it is missing or older than its sources, then starts one process
// serving the site and /api/v1 on PORT (default 3000) and HOST (default 127.0.0.1).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run } from './lib/proc.mjs';

const siteIndex = path.join(root, 'apps', 'site', 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/site/src', 'apps/site/index.html', 'packages/ui/src', 'packages/api-client/src'].map(
  (p) => path.join(root, p),
);
const newestSource = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (!existsSync(siteIndex) || statSync(siteIndex).mtimeMs < newestSource) {
  console.log('Building the site…');
  const code = await run(process.execPath, [path.join(root, 'apps', 'site', 'scripts', 'build.mjs')]);
  if (code !== 0) process.exit(code);
}

// The server runs as a plain Node process with tsx's loader, not under the tsx launcher:
// the launcher relays a stop signal and, when the server does not acknowledge it within 30 ms (a busy
// machine), kills it outright, skipping the graceful shutdown.
const tsxLoader = createRequire(path.join(root, 'apps', 'api', 'package.json')).resolve('tsx');
const code = await run(
  process.execPath,
  ['--import', pathToFileURL(tsxLoader).href, path.join(root, 'apps', 'api', 'src', 'main.ts')],
  // A local trial: mail goes to the outbox (printed here), which NODE_ENV=production refuses.
  { env: { NODE_ENV: 'development', ...process.env } },
);
process.exit(code);
