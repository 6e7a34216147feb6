#!/usr/bin/env node
// `pnpm scan`: the web-vulnerability scanner wapiti (Debian's package: `apt-get install -y wapiti`)
// against the built product on 127.0.0.1, three times: anonymous, as a signed-in investor, as the
// admin. Prints each run's findings from wapiti's JSON report and exits 0: a report, not a gate.
// Reports and logs go to .tmp/scan/. Minutes long (at most 15 on 2 cores), so not part of `pnpm test`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startProduct } from '../bench/product.mjs';
import { root } from './lib/proc.mjs';

const outDir = path.join(root, '.tmp', 'scan');
// The modules run (`wapiti --list-modules`). Not ssrf or xxe: their payloads name wapiti's public
// endpoint.
const modules = ['http_headers', 'csp', 'xss', 'sql', 'exec', 'file', 'redirect', 'crlf'];
// Caps that keep a full `pnpm scan` under 15 minutes at worst (3 runs x (60 s crawl + 8 x 30 s));
// seen: about 20 s a run, as wapiti stops probing a parameter its marker does not come back in.
const maxScanSeconds = Number(process.env.SCAN_MAX_SCAN_TIME ?? 60);
const maxAttackSeconds = Number(process.env.SCAN_MAX_ATTACK_TIME ?? 30);

const version = spawnSync('wapiti', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error('wapiti is not installed: apt-get install -y wapiti');
  process.exit(1);
}

const admin = { email: 'scan-admin@example.com', password: `scan-admin-${randomBytes(9).toString('hex')}` };
const investor = {
  email: `scan-investor-${randomBytes(4).toString('hex')}@example.com`,
  password: `plum-orbit-lantern-${randomBytes(4).toString('hex')}`,
};
// startProduct passes its environment on to the server: the admin account is made with these.
process.env.ADMIN_EMAIL = admin.email;
process.env.ADMIN_PASSWORD = admin.password;
// The scanner signs in with a password; two-factor has tests of its own.
process.env.ADMIN_TWO_FACTOR = 'optional';

async function api(baseUrl, method, url, { token, body, expect = 200 } = {}) {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Registers the investor, follows the verification link mailed to the sink, signs both accounts in. */
async function accounts(baseUrl, mail) {
  await api(baseUrl, 'POST', '/auth/register', {
    expect: 201,
    body: { fullname: 'scan investor', phone: '(555) 123-4567', country: 'Canada', ...investor },
  });
  for (let attempt = 0; mail.links.length === 0 && attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const link = new URL(
    mail.links.find((href) => href.includes(encodeURIComponent(investor.email))) ?? mail.links[0],
  );
  await api(baseUrl, 'POST', '/auth/verify-email', {
    body: { email: investor.email, verificationToken: link.searchParams.get('verificationToken') },
  });
  const user = await api(baseUrl, 'POST', '/auth/login', { body: investor });
  const adminSession = await api(baseUrl, 'POST', '/auth/login', { body: admin });
  const userInfo = await api(baseUrl, 'GET', '/users/user-info', { token: user.token });
  // A wallet, so that /admin-wallets and its QR code have something to answer.
  const saved = await api(baseUrl, 'POST', '/admin/wallets', {
    token: adminSession.token,
    expect: 201,
    body: {
      walletName: 'scan wallet',
      type: 'bitcoin',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    },
  });
  return {
    userToken: user.token,
    adminToken: adminSession.token,
    userId: userInfo._id,
    wallet: saved.wallet,
  };
}

/**
 * The crawler finds few links in the React pages and none in JSON: every page and GET endpoint is
 * given as a start URL, with example values for its query parameters (the values are what wapiti
 * attacks). Every run gets them all: the anonymous run probes the endpoints' sign-in checks.
 */
function startUrls(baseUrl, { userId, wallet }) {
  const uuid = '3f2b8c1e-7a4d-4e9b-9c61-2d5e8f0a1b34';
  const pages = [
    '/',
    '/about-us',
    '/contact-us',
    '/reviews',
    '/privacy-policy',
    '/regulations',
    '/terms-of-service',
    '/sign-in',
    '/sign-up?ref=abc',
    '/forgot-password',
    '/check-email?email=a@b.co',
    '/verify-email?email=a@b.co&verificationToken=x',
    '/change-password?email=a@b.co&token=x',
    '/dashboard',
    '/dashboard/overview',
    '/dashboard/deposit',
    '/dashboard/withdrawal',
    '/dashboard/transaction-history',
    '/dashboard/kyc',
    '/dashboard/profile',
    '/dashboard/referral-program',
    '/dashboard/trading-plans',
  ];
  const endpoints = [
    '/healthz',
    '/whatsapp',
    '/market/coins',
    '/market/trending',
    '/users/user-info?fields=fullname,email',
    '/referrals',
    '/transaction-history?limit=20&trxType=deposit&status=pending&type=bitcoin&format=json',
    '/transaction-history?format=csv&trxType=withdrawal',
    `/transaction-history?limit=20&cursor=eyJjIjoiMjAyNi0xMS0xNFQxMDowMDowMC4wMDBaIn0`,
    '/admin-wallets',
    '/kyc',
    `/files/${uuid}`,
    `/wallets/${wallet._id}/qr.png`,
    `/admin/deposits?status=pending&type=bitcoin&userId=${userId}&limit=20`,
    `/admin/withdrawals?status=pending&type=bitcoin&userId=${userId}&limit=20`,
    '/admin/kyc?status=pending&limit=20',
    '/admin/wallets',
    '/admin/users?q=jane&limit=20',
    `/admin/users/${userId}`,
    `/admin/audit-log?action=deposit.approve&actorId=${uuid}&limit=20`,
  ];
  return [...pages.map((p) => `${baseUrl}${p}`), ...endpoints.map((p) => `${baseUrl}/api/v1${p}`)];
}

/** Runs wapiti once (its output to a log file); resolves with the path of its JSON report. */
function wapiti(baseUrl, name, urls, headers) {
  const report = path.join(outDir, `${name}.json`);
  const log = path.join(outDir, `${name}.log`);
  const args = [
    '-u',
    `${baseUrl}/`,
    '--scope',
    'folder',
    '-m',
    modules.join(','),
    ...urls.flatMap((url) => ['-s', url]),
    // No `-x` exclusions: wapiti 3.0.4 builds a regular expression from them that Python 3.11
    // refuses, and stops. Signing out is a POST with no HTML form, so the crawler never sends it.

    // wapiti 3.0.4 asks for brotli and cannot decode it: without this it crawls nothing.
    '-H',
    'Accept-Encoding: gzip, deflate',
    ...headers.flatMap((header) => ['-H', header]),
    '--max-scan-time',
    String(maxScanSeconds),
    '--max-attack-time',
    String(maxAttackSeconds),
    // Level 2 also injects into the query string of URLs without parameters.
    '-l',
    '2',
    '-t',
    '10',
    // Offline: no crash report uploaded to wapiti's site, no payload naming its public endpoint.
    '--no-bugreport',
    '--endpoint',
    'http://127.0.0.1:9/',
    // A fresh session each time, kept in .tmp/ rather than ~/.wapiti.
    '--flush-session',
    '--store-session',
    path.join(outDir, 'session'),
    '--store-config',
    path.join(outDir, 'config'),
    '-v',
    process.env.SCAN_VERBOSE ?? '1',
    '-f',
    'json',
    '-o',
    report,
  ];
  rmSync(report, { force: true });
  // wapiti loads every module at start, whichever run, and wapp downloads its database from GitHub
  // when its file is missing: an empty one keeps it offline.
  mkdirSync(path.join(outDir, 'config'), { recursive: true });
  writeFileSync(path.join(outDir, 'config', 'apps.json'), '{}');
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn('wapiti', args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // And should anything else reach out: wapiti's HTTP client (requests) sends every request not
      // for 127.0.0.1 to a proxy that is not there.
      env: {
        ...process.env,
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        http_proxy: 'http://127.0.0.1:9',
        https_proxy: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1',
        no_proxy: '127.0.0.1',
      },
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    stopWapiti = () => child.kill('SIGTERM');
    child.on('close', (code) => {
      stopWapiti = () => undefined;
      resolve({ code, report, log });
    });
  });
}
let stopWapiti = () => undefined;

/** Prints one run's findings: counts per category, then each finding in one line. */
function summarize(name, { code, report, log }, seconds) {
  console.log(`\n== ${name}: wapiti exited ${code} after ${seconds} s (log: ${path.relative(root, log)})`);
  let data;
  try {
    data = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    console.log(`   no report at ${path.relative(root, report)}: see the log`);
    return;
  }
  const found = readFileSync(log, 'utf8').match(/Wapiti found (\d+) URLs and forms/);
  if (found) console.log(`   ${found[1]} URLs and forms crawled`);
  for (const section of ['vulnerabilities', 'anomalies', 'additionals']) {
    const categories = Object.entries(data[section] ?? {}).filter(([, items]) => items.length > 0);
    if (categories.length === 0) {
      console.log(`   ${section}: none`);
      continue;
    }
    console.log(`   ${section}:`);
    for (const [category, items] of categories) {
      console.log(`     ${category}: ${items.length}`);
      for (const item of items) {
        const where = `${item.method} ${item.path}${item.parameter ? ` [${item.parameter}]` : ''}`;
        console.log(`       - ${where}: ${String(item.info).replace(/\s+/g, ' ').slice(0, 200)}`);
      }
    }
  }
}

mkdirSync(outDir, { recursive: true });
console.log('Starting the product…');
const product = await startProduct();
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  stopWapiti();
  await product.stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log('Interrupted: stopping wapiti and the product.');
    stop().then(() => process.exit(130));
  });
}

try {
  const { baseUrl } = product;
  const session = await accounts(baseUrl, product.mail);
  const urls = startUrls(baseUrl, session);
  console.log(`Product on ${baseUrl}; modules: ${modules.join(', ')}; ${urls.length} start URLs.`);
  const runs = [
    { name: 'anonymous', headers: [] },
    { name: 'user', headers: [`Authorization: Bearer ${session.userToken}`] },
    { name: 'admin', headers: [`Authorization: Bearer ${session.adminToken}`] },
  ];
  const results = [];
  // One run at a time: wapiti and the server share two cores.
  for (const run of runs) {
    console.log(`Scanning as ${run.name}…`);
    const started = Date.now();
    const result = await wapiti(baseUrl, run.name, urls, run.headers);
    results.push([run.name, result, Math.round((Date.now() - started) / 1000)]);
    if (stopping) break;
  }
  for (const [name, result, seconds] of results) summarize(name, result, seconds);
  // A session the scan ended (sign-out, a password change) would make the signed-in runs anonymous.
  for (const [name, token] of [
    ['user', session.userToken],
    ['admin', session.adminToken],
  ]) {
    const alive = await fetch(`${baseUrl}/api/v1/users/user-info?fields=email`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (alive.status !== 200)
      console.log(`\nNote: the ${name} session answered ${alive.status} after its scan.`);
  }
  console.log(`\nReports: ${path.relative(root, outDir)}/{anonymous,user,admin}.json`);
} catch (error) {
  // The scan could not run (the product, an account, wapiti): that is a failure, unlike findings.
  console.error(error);
  process.exitCode = 1;
} finally {
  await stop();
}
process.exit();
