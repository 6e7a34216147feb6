#!/usr/bin/env node
// Builds the site into dist/ (the API server serves it in production): the browser bundle, then a
// server bundle of the same routes that prerenders the public pages to static HTML.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { compressSite } from './compress.mjs';
import { prerender } from './prerender.mjs';

const here = path.resolve(import.meta.dirname, '..');
const vite = path.join(here, 'node_modules', '.bin', 'vite');
const ssrOut = path.join(here, 'node_modules', '.cache', 'site-ssr');

execFileSync(vite, ['build', '--logLevel', 'warn'], { cwd: here, stdio: 'inherit' });
rmSync(ssrOut, { recursive: true, force: true });
execFileSync(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrOut, '--logLevel', 'warn'], {
  cwd: here,
  stdio: 'inherit',
});
await prerender({ distDir: path.join(here, 'dist'), entry: path.join(ssrOut, 'entry-server.js') });
compressSite(path.join(here, 'dist'));
