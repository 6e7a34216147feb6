import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { flatCandle, startExchangeStandIn } from '../../apps/api/src/testing/exchange-stand-in';
import { admin, mailDir, runDir, secondAdmin } from './env';
import { linkIn, waitForMail } from './mailbox';
import { marketCoinsOf, trendingCoinsOf } from './market-fixtures';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A JSON call to the run's server, refused unless it answers `status`. */
async function call(baseUrl: string, path: string, status: number, body?: unknown, token?: string) {
  const response = await fetch(new URL(`/api/v1${path}`, baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The second admin joins as a person would: the first invites them (one admin alone invites at
 * once), and they follow the mailed link with their name and password.
 */
async function inviteSecondAdmin(baseUrl: string): Promise<void> {
  const { token } = (await call(baseUrl, '/auth/login', 200, admin)) as { token: string };
  await call(baseUrl, '/admin/admins', 201, { email: secondAdmin.email }, token);
  const link = linkIn(await waitForMail(secondAdmin.email, /invited/i), '/admin-invitation');
  await call(baseUrl, '/auth/admin-invitation/accept', 200, {
    token: link.searchParams.get('token'),
    fullname: secondAdmin.fullname,
    password: secondAdmin.password,
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real SMTP server that writes every message it receives to `mailDir` as an .eml file. */
async function startMailSink(): Promise<{ url: string; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(path.join(mailDir, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The market data service's two calls, answered locally (the API proxies and caches them). */
async function startMarketData(siteUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const marketCoins = marketCoinsOf(siteUrl);
  const trendingCoins = trendingCoinsOf(siteUrl);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = url.pathname.endsWith('/coins/markets')
      ? marketCoins
      : url.pathname.endsWith('/search/trending')
        ? trendingCoins
        : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /healthz within ${timeoutMs} ms`);
}

const hourMs = 3_600_000;
const standInPrices = { 'BTC/USDT': 96_000, 'ETH/USDT': 3_400, 'SOL/USDT': 240 } as const;

/**
 * The exchange's public prices, answered on 127.0.0.1: hourly candles for the funds' pairs over the
 * last two days, kept up to the current hour while the run lasts, so the funds trade (a fund with
 * stale prices pauses and takes no investment). Prices drift a little, the same in every run.
 */
async function startExchange(): Promise<{ url: string; close: () => Promise<void> }> {
  const exchange = await startExchangeStandIn(Object.keys(standInPrices));
  const priceAt = (base: number, time: number) =>
    (base * (1 + 0.01 * Math.sin(time / hourMs / 5))).toFixed(2);
  const candlesUpTo = (now: number) => {
    const last = Math.floor(now / hourMs) * hourMs;
    for (const [pair, base] of Object.entries(standInPrices)) {
      const candles = [];
      for (let time = last - 48 * hourMs; time <= last; time += hourMs) {
        candles.push(flatCandle(time, priceAt(base, time)));
      }
      exchange.setCandles(pair, candles);
    }
  };
  candlesUpTo(Date.now());
  const keepUp = setInterval(() => candlesUpTo(Date.now()), 60_000);
  keepUp.unref();
  return {
    url: exchange.url,
    close: () => {
      clearInterval(keepUp);
      return exchange.close();
    },
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const [mail, market, exchange] = await Promise.all([
    startMailSink(),
    startMarketData(baseUrl),
    startExchange(),
  ]);

  // `pnpm start` as a person runs it (it builds the site when its sources are newer than the build).
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(runDir, 'data'),
      SMTP_URL: mail.url,
      MARKET_DATA_URL: market.url,
      // The exchange's prices stay on 127.0.0.1 too, from a local stand-in: the funds trade.
      TRADING_EXCHANGE_URL: exchange.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every spec registers from 127.0.0.1, and a worker restarted after a failure registers its
      // shared accounts again: the default 10 an hour would turn one failure into many. The limit
      // itself is tested in the api's own suite.
      REGISTRATIONS_PER_HOUR: '100',
      // The investing walk follows a first investment to its valuation; the cooling-off period that
      // would hold it a day has the api's tests.
      FIRST_INVESTMENT_COOLING_OFF_HOURS: '0',
      // The specs sign in from 127.0.0.1 over a run of about twenty minutes, more than the default
      // 60 sign-ins a client address may make in 15 minutes. The limit is tested in the api's suite.
      SIGN_INS_PER_15_MINUTES: '1000',
      // Every spec signs the one admin in, in the browser and through the API (a token kept for the
      // worker): the default cap of 10 sessions would end that token midway. The cap itself is
      // tested in the api's own suite.
      MAX_SESSIONS_PER_USER: '1000',
      // The specs sign the admin in with its password alone. An admin's two-factor enrolment and
      // sign-in are walked in admin-first-run.spec.ts, on a server of its own at the default.
      ADMIN_TWO_FACTOR: 'optional',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: stopping it stops the server process start.mjs runs, too.
    detached: true,
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  process.once('exit', stop);
  try {
    await waitForHealth(baseUrl, child, 180_000);
  } catch (error) {
    stop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  try {
    await inviteSecondAdmin(baseUrl);
  } catch (error) {
    stop();
    throw error;
  }

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    stop();
    await exited;
    await Promise.all([mail.close(), market.close(), exchange.close()]);
  };
}
