import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { testSecretsKey } from './app';
import { freePort } from './processes';

const apiDir = path.resolve(import.meta.dirname, '..', '..');

export type ServerProcess = {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited and everything it printed is read. */
  exited: Promise<number | null>;
  /** What it printed (the last 100,000 characters), for failure messages. */
  output: () => string;
  /** Waits until the process prints something matching `pattern`; fails if it exits first. */
  waitFor: (pattern: RegExp) => Promise<void>;
};

/**
 * The server as production runs it, as its own process on a free port, with `env` on top of a bare
 * environment (nothing of this process's own leaks in). `node --import tsx` rather than the tsx
 * launcher: one process, so a signal reaches the server itself and not a wrapper around it. Answers
 * once `/api/v1/healthz` does; `children` collects the process so the file's clean-up kills it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Mail goes to the outbox unless SMTP_URL is given, which production refuses.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      MARKET_DATA_URL: 'http://127.0.0.1:9',
      TRADING_EXCHANGE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'error',
      // One key for every instance of a test: they share its database, and each other's sealed secrets.
      SECRETS_KEY: testSecretsKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const keep = (chunk: unknown) => {
    output = (output + String(chunk)).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // 'close': the process has exited and everything it printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 150_000;
    while (!pattern.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`never saw ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${output}`);
    const health = await fetch(`${base}/api/v1/healthz`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, port, child, exited, output: () => output, waitFor };
}
