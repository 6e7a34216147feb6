// The cost of the home page: its initial JavaScript and CSS, gzip-compressed, as a browser fetches
// them (the entry script and its static imports; lazy route chunks load later and are listed apart).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function measureSite(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const size = (files) =>
    files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file))).length, 0);
  return {
    'initial JS (KB gzip)': (size([...new Set([...scripts, ...preloads])]) / 1024).toFixed(1),
    'initial CSS (KB gzip)': (size(styles) / 1024).toFixed(1),
  };
}
