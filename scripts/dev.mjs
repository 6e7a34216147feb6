#!/usr/bin/env node
// `pnpm dev`: the API on :3001 (restarts on change) and the site with hot reload on :5173, which
// proxies /api to it.
import path from 'node:path';
import { root, startDetached } from './lib/proc.mjs';

const api = startDetached(
  path.join(root, 'apps', 'api', 'node_modules', '.bin', 'tsx'),
  ['watch', 'src/main.ts'],
  {
    cwd: path.join(root, 'apps', 'api'),
    env: { PORT: '3001', PUBLIC_URL: 'http://127.0.0.1:5173', ...process.env, SITE_DIR: '/nonexistent' },
  },
);
const site = startDetached(path.join(root, 'apps', 'site', 'node_modules', '.bin', 'vite'), [], {
  cwd: path.join(root, 'apps', 'site'),
});
const stop = () => {
  api.stop();
  site.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
