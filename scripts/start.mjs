#!/usr/bin/env node
// `pnpm start`: builds the site and the compiled server when either is missing or older than its
// sources, then starts one process (`node apps/api/dist/main.js`, as production runs it) serving the
// site and /api/v1 on PORT (default 3000) and HOST (default 127.0.0.1).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
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

/** The newest modification time among these files and directories (under the repo's root). */
function newestOf(paths) {
  return Math.max(
    ...paths
      .map((p) => path.join(root, p))
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
}

/** Whether `built` is missing or older than any of `sources`. */
function isStale(built, sources) {
  return !existsSync(built) || statSync(built).mtimeMs < newestOf(sources);
}

if (
  isStale(siteIndex, [
    'apps/site/src',
    'apps/site/index.html',
    'packages/ui/src',
    'packages/api-client/src',
    'packages/rules/src',
  ])
) {
  console.log('Building the site…');
  const code = await run(process.execPath, [path.join(root, 'apps', 'site', 'scripts', 'build.mjs')]);
  if (code !== 0) process.exit(code);
}

const apiDir = path.join(root, 'apps', 'api');
const serverMain = path.join(apiDir, 'dist', 'main.js');
const serverSources = [
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/scripts/build.mjs',
  'packages/api-client/src',
  'packages/rules/src',
];
if (isStale(serverMain, serverSources)) {
  console.log('Building the server…');
  const code = await run(process.execPath, [path.join(apiDir, 'scripts', 'build.mjs')]);
  if (code !== 0) process.exit(code);
}

// The compiled server, a plain Node process: a stop signal reaches it directly, for its graceful stop.
const code = await run(
  process.execPath,
  ['--enable-source-maps', serverMain],
  // A local trial: mail goes to the outbox (printed here), which NODE_ENV=production refuses.
  { env: { NODE_ENV: 'development', ...process.env } },
);
process.exit(code);
