import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './testing/database';
import { cleansUpAfterFile, freePort } from './testing/processes';

const apiDir = path.resolve(import.meta.dirname, '..');
const main = path.resolve(import.meta.dirname, 'main.ts');

const { children, dirs } = cleansUpAfterFile();

describe('the server process', () => {
  it('starts on a fresh machine: creates the database, prints the admin credentials and outbox links, stops on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-start-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'not', 'yet', 'there');
    const port = await freePort();
    const databaseUrl = await testDatabaseUrl();
    // `node --import tsx`, one process: the tsx launcher relays SIGTERM and, when the server does not
    // acknowledge it within 30 ms (a busy machine), kills it outright and exits 143.
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        MARKET_DATA_URL: 'http://127.0.0.1:9',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const waitFor = async (pattern: RegExp, timeoutMs = 150_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`never saw ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return pattern.exec(output);
    };

    await waitFor(/is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(
      /An admin account was created\.\n\s+email:\s+admin@ledgerline\.local\n\s+password:\s+\S{20,}/,
    );
    if (!databaseUrl) expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    // Without SECRETS_KEY, a key of its own, readable by its owner alone, kept for the next start.
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");

    const register = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullname: 'Jane Doe',
        email: 'jane@example.com',
        phone: '(555) 123-4567',
        password: 'plum-orbit-lantern-42',
        country: 'United States',
      }),
    });
    expect(register.status).toBe(201);
    const link = await waitFor(
      /\[outbox\] Mail to jane@example\.com[^\n]*\n\s+(http:\/\/127\.0\.0\.1:\d+\/verify-email\?\S+)/,
    );
    const verify = new URL(link?.[1] ?? '');
    const verified = await fetch(`${base}/api/v1/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: verify.searchParams.get('email'),
        verificationToken: verify.searchParams.get('verificationToken'),
      }),
    });
    expect(verified.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Logs are JSON lines; the password never appears in them.
    expect(output).not.toContain('plum-orbit-lantern-42');
  });

  it('refuses to start with an ADMIN_PASSWORD the password policy refuses, naming it', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-start-'));
    dirs.push(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // Its own port, should it start after all.
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        MARKET_DATA_URL: 'http://127.0.0.1:9',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'short',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
    expect(code, output).toBe(1);
    expect(output).toContain('Invalid configuration:\n  ADMIN_PASSWORD: must be at least 8 characters');
    // Refused before anything was made: no database in DATA_DIR.
    expect(existsSync(path.join(dir, 'db'))).toBe(false);
  });
});
