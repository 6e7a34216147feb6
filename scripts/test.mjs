#!/usr/bin/env node
// `pnpm test`: every check the project has, in order, with the counts of each runner at the end.
//   contract (openapi.yaml valid), generated client fresh, typecheck, lint, unit and integration tests
//   (Vitest), end-to-end tests of the built site against the real server (Playwright), and the stories
//   in Chromium (play, axe, pixels; light and dark).
// It runs every step even after a failure, so one run shows everything that is wrong. The steps run one
// after another, each with the machine to itself: the PostgreSQL suite, the end-to-end tests and the
// stories each run several files at once, and every one of them fills both cores alone. Run side by
// side, two such steps took four to eight times as long as alone (pages and servers starved of CPU
// time queue behind each other), and timing-sensitive waits failed; one after another, the whole run
// is the sum of the steps' own times.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { bin, failuresOf, firstLines, recordResult, root, run } from './lib/proc.mjs';

const resultsDir = path.join(root, '.tmp', 'results');
rmSync(resultsDir, { recursive: true, force: true });

ensureChromium();

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether something listens on 127.0.0.1:port. */
function reachable(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// CI always has PostgreSQL; a newcomer's fresh machine may not, and is told so.
const postgresMissing =
  !process.env.CI && !(await reachable(5432)) ? 'PostgreSQL is not running on 127.0.0.1:5432' : undefined;

/**
 * The api suite runs whole once, on PostgreSQL (the production database) when it is there, and only
 * what is about the database itself runs again on the embedded PGlite: the database layer and its
 * first start, the server's first start on a fresh machine, the ledger (its journal CTEs, the
 * one-statement approval, its triggers: the SQL most likely to differ) proven by its invariants and
 * the money flow, the account-security statements (a code spent once by a conditional UPDATE, the
 * activity log's INSERT…SELECT on its switch), and the live events, fed by an in-process emitter on
 * PGlite where PostgreSQL has LISTEN/NOTIFY, and an investor's whole journey through a fund (deposit,
 * investment, prices moving, a stop-loss, redemption, withdrawal). Every other test would prove the same thing twice. The
 * end-to-end tests run the whole product on PGlite. Without PostgreSQL, PGlite runs it all.
 */
const embeddedFiles = postgresMissing
  ? []
  : [
      'packages/api-client/',
      'packages/rules/',
      'packages/engine/',
      'apps/api/src/db/',
      'apps/api/src/main.test.ts',
      'apps/api/src/modules/money/ledger-invariants.test.ts',
      'apps/api/src/modules/money/money-flow.test.ts',
      'apps/api/src/modules/auth/account-security.test.ts',
      'apps/api/src/modules/auth/two-factor.test.ts',
      'apps/api/src/modules/events/events.test.ts',
      'apps/api/src/modules/trading/investor-journey.test.ts',
    ];

const steps = [
  {
    name: 'contract',
    command: process.execPath,
    args: ['scripts/validate-openapi.mjs'],
    counted: true,
  },
  {
    name: 'generated client',
    command: process.execPath,
    args: ['packages/api-client/scripts/check-generated.mjs'],
  },
  { name: 'lint', command: bin('biome'), args: ['ci', '.'] },
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  {
    name: 'unit',
    command: bin('vitest'),
    args: [
      'run',
      ...embeddedFiles,
      // Both cores: Vitest's default leaves one idle (46 s instead of 66 s here).
      '--maxWorkers=2',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(root, '.tmp', 'vitest.json')}`,
    ],
    counted: true,
    after: recordVitest,
  },
  {
    // The api suite whole on PostgreSQL (a fresh database per run, dropped after): the same
    // migrations and queries as the embedded PGlite default.
    name: 'unit (postgres)',
    command: bin('vitest'),
    args: [
      'run',
      '--project',
      'api',
      // Three files at once: alone, the suite's processes are busy half the time (waiting on the
      // database, on a server process starting, on a timer), and a second and third file fill the
      // gaps: 120 s instead of 270 s on two idle cores, for the same CPU time.
      '--maxWorkers=3',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(root, '.tmp', 'vitest-postgres.json')}`,
    ],
    env: { ...process.env, TEST_DATABASE_URL: postgresUrl },
    counted: true,
    skip: postgresMissing,
    after: (code) => recordVitest(code, 'vitest-postgres.json', 'unit (postgres)'),
  },
  {
    // The built site in Chromium against `pnpm start` (fresh embedded database, local SMTP sink).
    name: 'e2e',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts'],
    counted: true,
    after: recordPlaywright,
  },
  {
    name: 'stories',
    command: process.execPath,
    args: ['scripts/test-stories.mjs'],
    // Three pages at a time: a story's play function mostly waits (for a timer, a mocked answer, a
    // transition), and the other pages use those waits.
    env: { ...process.env, STORY_WORKERS: process.env.STORY_WORKERS ?? '3' },
    counted: true,
  },
  {
    // Each package's own typecheck (its own tsconfig, as its editor sees it).
    name: 'typecheck:packages',
    command: 'pnpm',
    args: ['-r', '--workspace-concurrency=1', 'typecheck'],
  },
];

const logsDir = path.join(root, '.tmp', 'logs');
mkdirSync(logsDir, { recursive: true });
const summary = [];

/** Runs one step with its output in a log file, then prints the log whole. */
async function runStep(step) {
  if (step.skip) {
    console.log(`\n=== ${step.name}\nskipped: ${step.skip}`);
    summary.push({ name: step.name, code: 0, seconds: 0, skipped: true });
    return;
  }
  console.log(`--- ${step.name} started`);
  const logFile = path.join(logsDir, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const log = openSync(logFile, 'w');
  const started = Date.now();
  const code = await run(step.command, step.args, {
    stdio: ['ignore', log, log],
    ...(step.env ? { env: step.env } : {}),
  });
  closeSync(log);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n=== ${step.name} (${seconds}s, exit ${code})\n${readFileSync(logFile, 'utf8')}`);
  step.after?.(code);
  if (!step.counted)
    recordResult(step.name, { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
  summary.push({ name: step.name, code, seconds });
}

const runStarted = Date.now();
for (const step of steps) await runStep(step);

// The counts each runner recorded.
const results = existsSync(resultsDir)
  ? readdirSync(resultsDir).map((file) => JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')))
  : [];
let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n=== summary');
for (const result of results) {
  passed += result.passed;
  failed += result.failed;
  skipped += result.skipped;
  console.log(
    `${result.name.padEnd(22)} ${String(result.passed).padStart(5)} passed ${String(result.failed).padStart(4)} failed`,
  );
}
for (const step of summary) {
  const state = step.skipped ? 'SKIP' : step.code === 0 ? 'ok  ' : 'FAIL';
  console.log(`step ${step.name.padEnd(20)} ${state} ${step.seconds}s`);
}
const failures = results.flatMap((result) =>
  (result.failures ?? []).map((failure) => ({ ...failure, step: result.name })),
);
if (failures.length > 0) {
  console.log('\n=== failed tests');
  for (const failure of failures)
    console.log(`[${failure.step}] ${failure.name}\n    ${failure.message.replaceAll('\n', '\n    ')}`);
}
const stepFailures = summary.filter((step) => step.code !== 0).length;
if (stepFailures > 0 && failed === 0) failed = stepFailures;
console.log(`all steps: ${Math.round((Date.now() - runStarted) / 1000)}s`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && stepFailures === 0 ? 0 : 1);

function recordVitest(code, reportFile = 'vitest.json', resultName = 'unit') {
  const file = path.join(root, '.tmp', reportFile);
  if (!existsSync(file)) {
    recordResult(resultName, { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  recordResult(resultName, {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    failures: failuresOf(report),
  });
}

function recordPlaywright(code) {
  const file = path.join(root, '.tmp', 'e2e.json');
  if (!existsSync(file)) {
    recordResult('e2e', { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  recordResult('e2e', {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + (code !== 0 && stats.unexpected === 0 ? 1 : 0),
    skipped: stats.skipped,
    failures: playwrightFailures(report.suites ?? []),
  });
}

/** The e2e tests that did not pass at their first try, with the start of their first error. */
function playwrightFailures(suites, failures = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results?.find((result) => result.error)?.error;
        failures.push({
          name: `${spec.file} › ${spec.title}`,
          message: firstLines(error?.message ?? test.status),
        });
      }
    }
    playwrightFailures(suite.suites ?? [], failures);
  }
  return failures;
}

/** The story tests need Debian's Chromium (never a downloaded browser). Installs it when we can. */
function ensureChromium() {
  const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Chromium from Debian…');
    execFileSync(
      'bash',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
      {
        stdio: 'inherit',
      },
    );
    return;
  }
  console.error(`Chromium is missing at ${chromium}: install it with \`sudo apt-get install -y chromium\`.`);
  process.exit(1);
}
