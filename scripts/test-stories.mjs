#!/usr/bin/env node
// Runs every story in Debian's Chromium against the static Storybook build: its play function once,
// then in each theme (light and dark, one visit) an axe scan (0 violations) and an exact pixel
// comparison with that theme's committed baseline.
//   node scripts/test-stories.mjs            build, then test both themes (--ci: a missing baseline fails)
//   node scripts/test-stories.mjs --update   rewrite the baselines on purpose (review the PNGs, commit them)
//   options: --no-build (reuse the last build), --theme light|dark, --out DIR (build into DIR instead of
//   storybook-static), and after `--`, arguments for the test-runner (e.g. a story-file path pattern)
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  bin,
  failuresOf,
  freePort,
  recordResult,
  root,
  run,
  startDetached,
  waitForHttp,
} from './lib/proc.mjs';

const dashDash = process.argv.indexOf('--');
const args = dashDash === -1 ? process.argv.slice(2) : process.argv.slice(2, dashDash);
const runnerExtra = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const update = args.includes('--update');
const build = !args.includes('--no-build');
const themeArg = option('--theme');
const themes = themeArg ? [themeArg] : ['light', 'dark'];
const staticDir = path.resolve(root, option('--out') ?? 'storybook-static');

if (build || !existsSync(staticDir)) {
  const code = await run(bin('storybook'), ['build', '-o', staticDir, '--quiet'], {
    env: { ...process.env, STORYBOOK_TEST_BUILD: '1' },
  });
  if (code !== 0) process.exit(code);
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// Run the server binary directly (not through pnpm) so that stopping its group stops it.
const server = startDetached(
  bin('http-server'),
  [staticDir, '-p', String(port), '-a', '127.0.0.1', '-s', '-c-1'],
  {
    stdio: 'ignore',
  },
);
process.on('exit', () => server.stop());

let code = 1;
try {
  await waitForHttp(`${url}/index.json`);
  const name = themes.join('+');
  const outputFile = path.join(root, '.tmp', `stories-${themes.join('-')}-${process.pid}.json`);
  mkdirSync(path.dirname(outputFile), { recursive: true });
  // With --json the runner prints its report on stdout and everything else on stderr.
  const report = openSync(outputFile, 'w');
  const runnerArgs = [
    '--url',
    url,
    `--maxWorkers=${process.env.STORY_WORKERS ?? 2}`,
    '--json',
    ...runnerExtra,
  ];
  runnerArgs.push(update ? '--updateSnapshot' : '--ci');
  console.error(`\n== stories, ${name}${update ? ' (updating baselines)' : ''}`);
  code = await run(bin('test-storybook'), runnerArgs, {
    env: { ...process.env, SB_THEMES: themes.join(','), NODE_OPTIONS: '' },
    stdio: ['ignore', report, 'inherit'],
  });
  closeSync(report);
  let counts = { passed: 0, failed: 1, skipped: 0 };
  const text = readFileSync(outputFile, 'utf8');
  if (text.trim().startsWith('{')) {
    const summary = JSON.parse(text);
    counts = {
      passed: summary.numPassedTests,
      // A run that failed outside any story (a suite that did not load) still counts as a failure.
      failed: summary.numFailedTests + (code !== 0 && summary.numFailedTests === 0 ? 1 : 0),
      skipped: summary.numPendingTests + summary.numTodoTests,
      failures: failuresOf(summary),
    };
  }
  recordResult(`stories (${name})`, counts);
  console.error(`stories (${name}): ${counts.passed} passed, ${counts.failed} failed`);
} finally {
  server.stop();
}
process.exit(code === 0 ? 0 : 1);
