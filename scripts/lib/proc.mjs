// Small process helpers shared by the repo's scripts (test, start, bench).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs a command, inheriting stdio; resolves with its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

/** Starts a long-running process in its own group so that it and its children can be stopped. */
export function startDetached(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, ...options });
  return {
    child,
    stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers (any HTTP status), or fails after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Records one runner's counts for the summary printed by scripts/test.mjs. */
/**
 * The failed tests of a Jest- or Vitest-format JSON report, each with the start of its message
 * (colours removed): the summary repeats them, since a long failure's output can push its name out
 * of what a CI log keeps.
 */
export function failuresOf(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failures.push({
        name: test.fullName ?? test.title,
        message: firstLines((test.failureMessages ?? []).join('\n')),
      });
    }
    // A file that failed to load has no tests, only its message.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failures.push({ name: path.relative(root, file.name ?? ''), message: firstLines(file.message ?? '') });
    }
  }
  return failures;
}

/** The first lines of a failure message, without terminal colours, at most 600 characters. */
export function firstLines(text) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC.
  const plain = String(text).replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n');
  return lines.length > 600 ? `${lines.slice(0, 600)}…` : lines;
}

export function recordResult(name, counts) {
  const dir = path.join(root, '.tmp', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ name, ...counts }));
}
