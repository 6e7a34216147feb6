import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { components } from '@ledgerline/api-client/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, kycRequests, uploads } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { testImage } from '../../testing/images';
import { multipartForm } from '../../testing/multipart';

type KycRecord = components['schemas']['KycRecord'];
type AdminKyc = components['schemas']['AdminKyc'];
type AdminKycPage = components['schemas']['AdminKycPage'];

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-kyc-test-'));

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir });
  admin = await signedInAdmin(app);
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Caller = { headers: Record<string, string> };
type Investor = Caller & { email: string; fullname: string; id: string };

async function newInvestor(): Promise<Investor> {
  const account = await signedInInvestor(app);
  return { ...account, id: await userIdOf(account.email) };
}

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'uploads'))).sort();
  } catch {
    return [];
  }
}

async function submit(caller: Caller, remoteAddress = newAddress()) {
  const form = multipartForm([
    { name: 'document', value: 'passport' },
    { name: 'image', filename: 'passport.jpg', contentType: 'image/jpeg', content: await testImage('jpeg') },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/kyc',
    payload: form.payload,
    headers: { ...caller.headers, ...form.headers },
    remoteAddress,
  });
  await expectContract('submitKyc', response);
  return response;
}

async function list(caller: Caller) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/kyc', headers: caller.headers });
  await expectContract('listKyc', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as KycRecord[];
}

async function approve(caller: Caller, kycId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/kyc/${kycId}/approve`,
    headers: caller.headers,
  });
  await expectContract('adminApproveKyc', response);
  return response;
}

async function reject(caller: Caller, kycId: string, reason: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/kyc/${kycId}/reject`,
    headers: caller.headers,
    payload: { reason },
  });
  await expectContract('adminRejectKyc', response);
  return response;
}

async function adminList(caller: Caller, query: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/kyc',
    query,
    headers: caller.headers,
  });
  await expectContract('adminListKyc', response);
  return response;
}

async function auditOf(kycId: string) {
  const { db } = await testDatabase();
  return db.select().from(auditLog).where(eq(auditLog.targetId, kycId));
}

describe('a user\u2019s KYC requests', () => {
  it('go from none, to pending, to rejected with a reason, to approved, and then no more', async () => {
    const investor = await newInvestor();
    expect(await list(investor)).toEqual([]);

    const first = await submit(investor);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json() as { msg: string; kyc: KycRecord };
    expect(created.msg).toBe('KYC request sent and awaiting review');
    expect(created.kyc).toMatchObject({
      document: 'passport',
      status: 'pending',
      reason: null,
      resolvedAt: null,
    });
    expect(await list(investor)).toEqual([created.kyc]);

    const filesBefore = await storedFiles();
    const again = await submit(investor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'A KYC request is already awaiting review' });
    expect(await storedFiles()).toEqual(filesBefore);

    const reason = 'The passport photo page is blurred; please upload a sharper image.';
    const rejected = await reject(admin, created.kyc._id, reason);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const review = rejected.json() as { msg: string; kyc: AdminKyc };
    expect(review.msg).toBe('KYC rejected');
    expect(review.kyc).toMatchObject({
      _id: created.kyc._id,
      status: 'rejected',
      reason,
      user: { _id: investor.id, fullname: investor.fullname, email: investor.email },
      reviewedBy: { _id: admin.id, fullname: admin.fullname, email: admin.email },
    });
    expect(review.kyc.resolvedAt).not.toBeNull();
    const { db } = await testDatabase();
    const [upload] = await db.select().from(uploads).where(eq(uploads.ownerId, investor.id));
    expect(review.kyc.image).toBe(`/files/${upload?.id}`);

    const [seen] = await list(investor);
    expect(seen).toMatchObject({ _id: created.kyc._id, status: 'rejected', reason });
    expect(seen?.resolvedAt).toBe(review.kyc.resolvedAt);

    const second = await submit(investor);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = (second.json() as { kyc: KycRecord }).kyc._id;
    expect((await list(investor)).map((kyc) => [kyc._id, kyc.status])).toEqual([
      [secondId, 'pending'],
      [created.kyc._id, 'rejected'],
    ]);

    const approved = await approve(admin, secondId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as { msg: string }).msg).toBe('KYC approved');
    expect((approved.json() as { kyc: AdminKyc }).kyc).toMatchObject({ status: 'approved', reason: null });

    const afterApproval = await submit(investor);
    expect(afterApproval.statusCode).toBe(409);
    expect(afterApproval.json()).toEqual({ msg: 'Your identity is already verified' });

    // Each review is in the audit log, with who, why and what.
    expect(await auditOf(created.kyc._id)).toMatchObject([
      {
        actorId: admin.id,
        action: 'kyc.reject',
        targetType: 'kyc',
        reason,
        details: { userId: investor.id, document: 'passport' },
      },
    ]);
    expect(await auditOf(secondId)).toMatchObject([
      { actorId: admin.id, action: 'kyc.approve', reason: null },
    ]);
    // Two requests, two uploads, two files: the refused submissions left nothing behind.
    expect(await db.select().from(uploads).where(eq(uploads.ownerId, investor.id))).toHaveLength(2);
  });

  it('are resolved at most once', async () => {
    const investor = await newInvestor();
    const created = await submit(investor);
    const kycId = (created.json() as { kyc: KycRecord }).kyc._id;
    const approved = await approve(admin, kycId);
    expect(approved.statusCode).toBe(200);
    const resolved = approved.json().kyc as AdminKyc;
    // Who resolved it and when, to the minute in UTC, so the second admin knows it was handled.
    const already = `Already approved by ${resolved.reviewedBy?.fullname} at ${resolved.resolvedAt?.slice(0, 16).replace('T', ' ')} UTC`;
    expect(already).toMatch(/^Already approved by \S.* at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);

    const approvedAgain = await approve(admin, kycId);
    expect(approvedAgain.statusCode).toBe(409);
    expect(approvedAgain.json()).toEqual({ msg: already });
    const rejectedAfter = await reject(admin, kycId, 'changed my mind');
    expect(rejectedAfter.statusCode).toBe(409);
    expect(rejectedAfter.json()).toEqual({ msg: already });
    expect(await auditOf(kycId)).toHaveLength(1);

    const unknown = await approve(admin, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'KYC request not found' });
    expect((await reject(admin, crypto.randomUUID(), 'no such request')).statusCode).toBe(404);
  });

  it('need a reason to be rejected', async () => {
    const investor = await newInvestor();
    const kycId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;
    const blank = await reject(admin, kycId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ msg: 'reason is required' });
    const missing = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/kyc/${kycId}/reject`,
      headers: admin.headers,
      payload: {},
    });
    await expectContract('adminRejectKyc', missing);
    expect(missing.statusCode).toBe(400);
    expect((await list(investor))[0]?.status).toBe('pending');
  });

  it('resolve exactly once under 16 concurrent approvals', async () => {
    const investor = await newInvestor();
    const kycId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;
    const responses = await Promise.all(Array.from({ length: 16 }, () => approve(admin, kycId)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 15 }, () => 409)]);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().msg).toMatch(/^Already approved by \S.* at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    }
    expect(await auditOf(kycId)).toHaveLength(1);
  });

  it('stay one pending request under concurrent submits', async () => {
    const investor = await newInvestor();
    const responses = await Promise.all(Array.from({ length: 8 }, () => submit(investor)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 7 }, () => 409)]);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json()).toEqual({ msg: 'A KYC request is already awaiting review' });
    }
    const { db } = await testDatabase();
    expect(await db.select().from(kycRequests).where(eq(kycRequests.userId, investor.id))).toHaveLength(1);
    expect(await db.select().from(uploads).where(eq(uploads.ownerId, investor.id))).toHaveLength(1);
    // Every stored file has its row, and every row its file: the losers' files were removed.
    const rows = await db.select({ id: uploads.id }).from(uploads);
    expect((await storedFiles()).map((name) => name.replace(/\.(jpg|png|webp)$/, '')).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
  });

  it('are limited per client address', async () => {
    const investor = await newInvestor();
    const remoteAddress = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await submit(investor, remoteAddress)).statusCode);
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409), 429]);
  });

  it('are limited per account, whatever the address, with nothing stored past the limit', async () => {
    const investor = await newInvestor();
    const statuses: number[] = [];
    // Each from an address of its own: only the account's limit (10 in 15 minutes) applies.
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await submit(investor)).statusCode);
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const filesBefore = await storedFiles();

    const limited = await submit(investor);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await list(investor)).toHaveLength(1);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('the KYC back office', () => {
  it('is for admins only', async () => {
    const investor = await newInvestor();
    const kycId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;
    for (const response of [
      await adminList(investor),
      await approve(investor, kycId),
      await reject(investor, kycId, 'I reject myself'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ msg: 'Admin role required' });
    }
    expect((await adminList({ headers: {} })).statusCode).toBe(401);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/kyc' });
    await expectContract('listKyc', anonymous);
    expect(anonymous.statusCode).toBe(401);
    expect(await auditOf(kycId)).toEqual([]);
    expect((await list(investor))[0]?.status).toBe('pending');
  });

  it('lists every request newest first, a page at a time, without duplicates or gaps', async () => {
    // More requests than a page, across users and states.
    for (let user = 0; user < 7; user++) {
      const investor = await newInvestor();
      for (let round = 0; round < 3; round++) {
        const kycId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;
        if (round < 2) expect((await reject(admin, kycId, `round ${round}`)).statusCode).toBe(200);
      }
    }
    const { db } = await testDatabase();
    const everyRequest = await db
      .select({ id: kycRequests.id })
      .from(kycRequests)
      .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id));
    expect(everyRequest.length).toBeGreaterThan(20);

    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await adminList(admin, { limit: '7', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as AdminKycPage;
      expect(page.items.length).toBeLessThanOrEqual(7);
      walked.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(walked).toEqual(everyRequest.map((row) => row.id));

    // The default page size is 20.
    const first = (await adminList(admin)).json() as AdminKycPage;
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
  });

  it('filters by status and by user', async () => {
    const investor = await newInvestor();
    const firstId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;
    await reject(admin, firstId, 'blurred');
    const secondId = ((await submit(investor)).json() as { kyc: KycRecord }).kyc._id;

    const mine = (await adminList(admin, { userId: investor.id })).json() as AdminKycPage;
    expect(mine.items.map((item) => item._id)).toEqual([secondId, firstId]);
    expect(mine.nextCursor).toBeNull();
    expect(mine.items[0]).toMatchObject({
      status: 'pending',
      reviewedBy: null,
      user: { _id: investor.id, email: investor.email, fullname: investor.fullname },
    });
    expect(mine.items[0]?.image).toMatch(/^\/files\/[0-9a-f-]{36}$/);

    const rejected = (
      await adminList(admin, { userId: investor.id, status: 'rejected' })
    ).json() as AdminKycPage;
    expect(rejected.items.map((item) => item._id)).toEqual([firstId]);
    expect(rejected.items[0]?.reviewedBy).toMatchObject({ _id: admin.id });

    const pending = (await adminList(admin, { status: 'pending', limit: '100' })).json() as AdminKycPage;
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    expect(pending.items.map((item) => item._id)).toContain(secondId);

    const nobody = (await adminList(admin, { userId: crypto.randomUUID() })).json() as AdminKycPage;
    expect(nobody).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a malformed cursor and bad filters with 400', async () => {
    const refused: Record<string, string>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from(JSON.stringify({ c: 'yesterday', i: 'x' })).toString('base64url') },
      { status: 'approvedish' },
      { userId: 'someone' },
      { limit: '0' },
      { limit: '101' },
    ];
    for (const query of refused) {
      const response = await adminList(admin, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    const bad = await adminList(admin, { cursor: 'not-a-cursor' });
    expect(bad.json()).toEqual({ msg: 'cursor is not valid: pass the nextCursor of the previous page' });
  });
});
