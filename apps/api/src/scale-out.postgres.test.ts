import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/database';
import { deposits, users } from './db/schema';
import { newAddress, register, signedInAdmin, signedInInvestor, signIn } from './testing/accounts';
import { expectContract } from './testing/contract';
import { testDatabase, testDatabaseUrl } from './testing/database';
import { mailSink } from './testing/mail-sink';
import { createWallets, depositForm, requestDeposit, review } from './testing/money';
import { cleansUpAfterFile } from './testing/processes';
import { remoteApp } from './testing/remote-app';
import { type S3TestServer, startS3Server } from './testing/s3-server';
import { type ServerProcess, startServerProcess } from './testing/server-process';

// Collected only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts). Two server
// processes on one PostgreSQL database, one Redis and one S3-compatible bucket, as two instances
// behind a load balancer: requests of one user and one admin are spread across them.

const { children, dirs } = cleansUpAfterFile();

/**
 * A session checked live is trusted for this long by each process: far longer than any wait here, so
 * a revocation seen by the other instance was told to it, not found when its cache ran out.
 */
const sessionCacheMs = 10_000;

let s3: S3TestServer;
let servers: [ServerProcess, ServerProcess];
let one: FastifyInstance;
let two: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl();
  if (!databaseUrl) throw new Error('this file runs on PostgreSQL only: set TEST_DATABASE_URL');
  s3 = await startS3Server();
  const sink = await mailSink();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    ...s3.env,
    SMTP_URL: sink.url,
    PUBLIC_URL: 'http://ledgerline.test',
    // The load balancer is the one hop in front; it passes on each client's address.
    TRUST_PROXY: '1',
    SESSION_CHECK_CACHE_MS: String(sessionCacheMs),
    ADMIN_TWO_FACTOR: 'optional',
    ADMIN_EMAIL: `scale-admin-${randomBytes(4).toString('hex')}@example.com`,
    ADMIN_PASSWORD: `scale-admin-${randomBytes(9).toString('hex')}`,
  };
  // One after the other, as a release rolls instances: the first start makes the configured admin.
  const processes: ServerProcess[] = [];
  for (const instance of [1, 2]) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `ledgerline-instance-${instance}-`));
    dirs.push(dataDir);
    processes.push(
      await startServerProcess(
        { ...env, DATA_DIR: dataDir, SITE_DIR: path.join(dataDir, 'no-site') },
        children,
      ),
    );
  }
  servers = [processes[0] as ServerProcess, processes[1] as ServerProcess];
  one = remoteApp(servers[0].base);
  two = remoteApp(servers[1].base);
  admin = await signedInAdmin(one);
  await createWallets(two, admin);
});

afterAll(async () => {
  for (const server of servers ?? []) server.child.kill('SIGTERM');
  await Promise.all((servers ?? []).map((server) => server.exited));
  await s3?.close();
});

const logs = () => servers.map((server) => server.output()).join('\n---\n');

describe('two instances on one database, Redis and bucket', () => {
  it('an account made on one is verified on the other and signs in on either', async () => {
    const { account, link } = await register(one);
    const verified = await two.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: {
        email: link.searchParams.get('email'),
        verificationToken: link.searchParams.get('verificationToken'),
      },
    });
    await expectContract('verifyEmail', verified);
    expect(verified.statusCode, verified.body).toBe(200);
    await signIn(one, account);
    await signIn(two, account);
  });

  it('a receipt uploaded through one instance is served by the other, byte for byte', async () => {
    const investor = await signedInInvestor(one);
    const requested = await requestDeposit(one, investor, '120.00');
    expect(requested.statusCode, requested.body).toBe(201);
    const depositId = requested.json().transaction._id as string;
    const { db } = await testDatabase();
    const [row] = await db
      .select({ receiptId: deposits.receiptId })
      .from(deposits)
      .where(eq(deposits.id, depositId));
    if (!row?.receiptId) throw new Error('the deposit has no receipt');
    const fromOne = await one.inject({
      method: 'GET',
      url: `/api/v1/files/${row.receiptId}`,
      headers: admin.headers,
    });
    const fromTwo = await two.inject({
      method: 'GET',
      url: `/api/v1/files/${row.receiptId}`,
      headers: admin.headers,
    });
    await expectContract('downloadFile', fromTwo);
    expect(fromTwo.statusCode, logs()).toBe(200);
    expect(fromTwo.headers['content-type']).toBe('image/png');
    expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true);
    expect(fromTwo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('one Idempotency-Key sent to both at once makes one deposit', async () => {
    const investor = await signedInInvestor(two);
    const key = `scale-${randomBytes(8).toString('hex')}`;
    // The same request, byte for byte (one receipt, one multipart boundary), as a client's retry is.
    const form = await depositForm({ amount: '75.25' });
    const answers = await Promise.all(
      [one, two, one, two].map((app) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/deposits',
          headers: { ...investor.headers, ...form.headers, 'idempotency-key': key },
          payload: form.payload,
        }),
      ),
    );
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made.length).toBeGreaterThan(0);
    // Every answer that made something names the same deposit.
    expect(new Set(made.map((answer) => answer.json().transaction._id)).size).toBe(1);
    const { db } = await testDatabase();
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, investor.email));
    const rows = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.userId, owner?.id ?? ''));
    expect(rows).toHaveLength(1);
  });

  it('the same approval sent through both at once applies once', async () => {
    const investor = await signedInInvestor(one);
    const requested = await requestDeposit(two, investor, '310.40');
    const depositId = requested.json().transaction._id as string;
    const answers = await Promise.all(
      [one, two, one, two].map((app) => review(app, admin, 'deposits', depositId, 'approve')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409, 409]);
    const { db } = await testDatabase();
    const journals = rowsOf<{ journals: string }>(
      await db.execute(sql`SELECT count(*) AS journals FROM ledger_journals WHERE deposit_id = ${depositId}`),
    );
    expect(Number(journals[0]?.journals)).toBe(1);
    const info = await one.inject({
      method: 'GET',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
    });
    expect(info.json().availableBalance).toBe(310.4);
  });

  it('a sign-out through one instance is refused by the other at once', async () => {
    const investor = await signedInInvestor(one);
    // Both instances have checked the session, and would trust it for the next 10 s.
    for (const app of [one, two]) {
      const info = await app.inject({
        method: 'GET',
        url: '/api/v1/users/user-info',
        headers: investor.headers,
      });
      expect(info.statusCode).toBe(200);
    }
    const signedOut = await one.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: investor.headers,
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    // The other instance is told through the database; it may take the time a notification takes,
    // never the cache's 10 s.
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < sessionCacheMs / 3) {
      const info = await two.inject({
        method: 'GET',
        url: '/api/v1/users/user-info',
        headers: investor.headers,
      });
      status = info.statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status, logs()).toBe(401);
  });

  it('failed sign-ins through both count against one limit', async () => {
    const investor = await signedInInvestor(two);
    for (let attempt = 0; attempt < 5; attempt++) {
      const app = attempt % 2 === 0 ? one : two;
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: investor.email, password: `wrong-password-${attempt}` },
        remoteAddress: newAddress(),
      });
      expect(answer.statusCode, answer.body).toBe(401);
    }
    for (const app of [one, two]) {
      const blocked = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: investor.email, password: investor.password },
        remoteAddress: newAddress(),
      });
      await expectContract('login', blocked);
      expect(blocked.statusCode).toBe(429);
    }
  });
});
