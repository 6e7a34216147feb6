#!/usr/bin/env node
// Builds the site into dist/ (the API server serves it in production).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
execFileSync(path.join(here, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: here,
  stdio: 'inherit',
});
