// The built product as `pnpm start` serves it, on a fresh embedded database, with a local mail sink:
// what the site benches measure.
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

/** Starts `pnpm start` on a fresh data directory; `stop()` ends it and removes its data. */
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
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
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
