import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { type MailInbox, startMailInbox } from './mail-inbox';
import { startMarketDataService } from './market-data-service';

const root = path.resolve(import.meta.dirname, '..', '..');
const siteIndex = path.join(root, 'apps', 'site', 'dist', 'index.html');
const serverMain = path.join(root, 'apps', 'api', 'dist', 'main.js');

export type ServerInstance = {
  baseUrl: string;
  /** The local SMTP server the instance sends its mail to. */
  inbox: MailInbox;
  /** Everything the server printed on stdout so far. */
  stdout: () => string;
  /** Everything it printed on stdout and stderr so far, interleaved as it came. */
  output: () => string;
  /** Stops the server (gracefully, then by force), its mail and market services, and removes its data. */
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Ends the process: SIGTERM lets it finish its requests and close its database; SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess): Promise<void> {
  const gone = exited(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(forced);
}

/**
 * Starts another instance of the server beside the run's shared one, for a spec that needs the
 * server as it is on a fresh machine: its own port, its own embedded database in a new directory under
 * .tmp, its own SMTP server and market data stand-in, and the same built site. `env` is laid over the
 * environment the shared instance gets; a variable set to `undefined` is left out.
 *
 * The server is the compiled one `pnpm start` built for the shared instance (global-setup.ts), run as
 * `pnpm start` runs it, but directly: `pnpm start` would rebuild the site when its sources are newer
 * than the build, replacing the files the shared instance is serving to other specs. Compiled, it
 * starts in seconds on a busy machine, where loading the sources through tsx took minutes.
 */
export async function startServerInstance(
  name: string,
  env: Record<string, string | undefined>,
): Promise<ServerInstance> {
  if (!existsSync(siteIndex)) throw new Error(`No built site at ${siteIndex}: build apps/site first`);
  if (!existsSync(serverMain)) throw new Error(`No compiled server at ${serverMain}: run pnpm start once`);
  const runsDir = path.join(root, '.tmp', 'e2e-instances');
  mkdirSync(runsDir, { recursive: true });
  // A directory no other worker or run can have: the shared instance's is .tmp/e2e-run.
  const dataDir = mkdtempSync(path.join(runsDir, `${name}-`));
  const inbox = await startMailInbox();

  let stdout = '';
  let output = '';
  let child: ChildProcess | undefined;
  let market: { url: string; close: () => Promise<void> } | undefined;
  // The process is killed with the worker should the worker end without stopping it.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child) await stopProcess(child);
    await Promise.all([inbox.close(), market?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // The port is free when chosen, but another process may take it before the server listens: the
    // server then exits at once saying so, and is started again on another port.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      market = await startMarketDataService(baseUrl);
      const environment: Record<string, string> = {};
      const settings = {
        NODE_ENV: 'development',
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: path.join(dataDir, 'data'),
        SMTP_URL: inbox.url,
        MARKET_DATA_URL: market.url,
        TRADING_EXCHANGE_URL: 'http://127.0.0.1:9',
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      };
      for (const [key, value] of Object.entries(settings)) if (value !== undefined) environment[key] = value;

      stdout = '';
      output = '';
      const started = spawn(process.execPath, ['--enable-source-maps', serverMain], {
        cwd: root,
        env: environment,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
        output += text;
      });
      started.stderr?.setEncoding('utf8').on('data', (text: string) => {
        output += text;
      });

      // A fresh embedded database is created and migrated before the server listens: seconds alone,
      // minutes when the run's stories and other specs share the two cores with it.
      const ready = await waitUntilListening(baseUrl, started, 360_000);
      if (ready) return { baseUrl, inbox, stdout: () => stdout, output: () => output, stop };
      await exited(started);
      await market.close();
      market = undefined;
      if (!output.includes('EADDRINUSE') || attempt === 3) {
        throw new Error(`The server exited with code ${started.exitCode} before listening:\n${output}`);
      }
    }
  } catch (error) {
    await stop();
    // What the server printed says why it never listened (the fixture fails before any test can attach it).
    if (error instanceof Error && output && !error.message.includes(output))
      error.message += `\nThe server printed:\n${output.slice(-4000)}`;
    throw error;
  }
}

/** True once the server answers /healthz, false if it exits first. */
async function waitUntilListening(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms`);
}
