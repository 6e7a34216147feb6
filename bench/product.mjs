// The built product as `pnpm start` serves it, on a fresh embedded database, with a local mail sink:
// what the site benches measure.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort, root, startDetached } from '../scripts/lib/proc.mjs';

export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
async function waitForHealth(baseUrl) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

/** A mail sink that keeps the verification link of the account the bench signs in with. */
async function startMailSink() {
  const links = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const unfolded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        links.push(...(unfolded.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/g) ?? []));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, links, close: () => new Promise((r) => server.close(r)) };
}

/** The admin `startProduct` makes (ADMIN_EMAIL, ADMIN_PASSWORD): it signs in with no first password to choose. */
export const productAdmin = { email: 'bench.admin@example.test', password: 'copper-harbor-lantern-58' };

/**
 * Starts `pnpm start` on a fresh data directory, with `productAdmin` as its admin; `stop()` ends it
 * and removes its data.
 */
export async function startProduct() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const mail = await startMailSink();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startDetached(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      // No market data service is reached: the overview shows its tiles without the market sections.
      MARKET_DATA_URL: 'http://127.0.0.1:9',
      TRADING_EXCHANGE_URL: 'http://127.0.0.1:9',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: productAdmin.email,
      ADMIN_PASSWORD: productAdmin.password,
      // The figures are of the product's pages, not of an authenticator app.
      ADMIN_TWO_FACTOR: 'optional',
      // A production start needs the key that encrypts two-factor secrets: a fresh one per run.
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl);
  return {
    baseUrl,
    mail,
    async stop() {
      server.stop();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(baseUrl, url, body) {
  return fetch(`${baseUrl}/api/v1${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Signs in: the sign-in answer, as the site saves it under `user-info`. */
export async function signIn(product, { email, password }) {
  const session = await (await post(product.baseUrl, '/auth/login', { email, password })).json();
  if (!session.token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(session)}`);
  return session;
}

/** An investor registered and verified through the API (the link from the mail sink), signed in. */
export async function investorSession(product) {
  const email = 'bench.investor@example.test';
  const password = 'violet-anchor-meadow-93';
  await post(product.baseUrl, '/auth/register', {
    fullname: 'Bench Investor',
    email,
    phone: '(555) 123-4567',
    password,
    country: 'Canada',
  });
  for (let attempt = 0; product.mail.links.length === 0 && attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const link = new URL(product.mail.links[0]);
  await post(product.baseUrl, '/auth/verify-email', {
    email,
    verificationToken: link.searchParams.get('verificationToken'),
  });
  return signIn(product, { email, password });
}
