import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, depositForm, requestDeposit, submitKyc, walletAddresses } from '../../testing/money';
import { multipartForm } from '../../testing/multipart';
import { type S3TestServer, startS3Server } from '../../testing/s3-server';
import { readinessCacheMs } from '../public/readiness';

/*
 * Uploads kept in an S3-compatible bucket (UPLOADS_URL), on a real one (s3rver on 127.0.0.1): the
 * same rules and answers as in the data folder (files/uploads.test.ts), with nothing on the
 * instance's disk, so any instance sharing the bucket serves any upload.
 */

const prefix = 'uploads';
let s3: S3TestServer;
let bucket: S3Client;
// The app's DATA_DIR: nothing of the uploads may land in it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-uploads-s3-test-'));
const logLines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Client({
    region: s3.env.AWS_REGION,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  });
  const logs = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await createTestApp(
    { ...s3.env, UPLOADS_URL: `s3://${s3.bucket}/${prefix}`, DATA_DIR: dataDir },
    { logger: { level: 'warn', stream: logs } },
  );
  await createWallets(app, await signedInAdmin(app));
});
afterAll(async () => {
  await app.close();
  bucket.destroy();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The keys in the bucket, under the prefix. */
async function storedKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function storedBytes(key: string): Promise<Buffer> {
  const { Body } = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  if (!Body) throw new Error(`no object ${key}`);
  return buffer(Body as NodeJS.ReadableStream);
}

/** The receipt ids of a user's deposits. */
async function receiptIds(userId: string): Promise<string[]> {
  const { db } = await testDatabase();
  return rowsOf<{ receipt_id: string }>(
    await db.execute(sql`SELECT receipt_id FROM deposits WHERE user_id = ${userId} ORDER BY created_at`),
  ).map((row) => row.receipt_id);
}

async function download(
  server: FastifyInstance,
  caller: { headers: Record<string, string> },
  fileId: string,
) {
  const response = await server.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}`,
    headers: caller.headers,
  });
  await expectContract('downloadFile', response);
  return response;
}

describe('uploads in an S3-compatible bucket', () => {
  let owner: Awaited<ReturnType<typeof signedInInvestor>>;
  let receiptId: string;
  beforeAll(async () => {
    owner = await signedInInvestor(app);
    const response = await requestDeposit(app, owner, '150');
    await expectContract('createDeposit', response);
    expect(response.statusCode, response.body).toBe(201);
    [receiptId = ''] = await receiptIds(await userIdOf(owner.email));
  });

  it('keeps a deposit receipt in the bucket, under the prefix, and nothing on the instance disk', async () => {
    expect(await storedKeys()).toContain(`${prefix}/${receiptId}.png`);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('serves the owner the stored bytes, as an image that is never sniffed, run or framed', async () => {
    const response = await download(app, owner, receiptId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${receiptId}.png"`);
    expect(response.headers['cache-control']).toBe('private, max-age=0, no-store');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    const stored = await storedBytes(`${prefix}/${receiptId}.png`);
    expect(response.headers['content-length']).toBe(String(stored.length));
    expect(response.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
  });

  it('answers 404 to another user, the same as for a file that does not exist; an admin gets it', async () => {
    const stranger = await signedInInvestor(app);
    const theirs = await download(app, stranger, receiptId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ msg: 'File not found' });
    expect((await download(app, stranger, crypto.randomUUID())).json()).toEqual(theirs.json());
    const admin = await signedInAdmin(app);
    expect((await download(app, admin, receiptId)).statusCode).toBe(200);
  });

  it('is served by another instance sharing the bucket', async () => {
    const other = await createTestApp({ ...s3.env, UPLOADS_URL: `s3://${s3.bucket}/${prefix}` });
    try {
      const response = await download(other, owner, receiptId);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(await storedBytes(`${prefix}/${receiptId}.png`))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('keeps a KYC image there too', async () => {
    const investor = await signedInInvestor(app);
    const response = await submitKyc(app, investor);
    await expectContract('submitKyc', response);
    expect(response.statusCode, response.body).toBe(201);
    const { db } = await testDatabase();
    const [row] = rowsOf<{ image_id: string }>(
      await db.execute(
        sql`SELECT image_id FROM kyc_requests WHERE user_id = ${await userIdOf(investor.email)}`,
      ),
    );
    const imageId = row?.image_id ?? '';
    expect(await storedKeys()).toContain(`${prefix}/${imageId}.jpg`);
    const served = await download(app, investor, imageId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('stores nothing for a refused receipt, nor for a replayed deposit', async () => {
    const investor = await signedInInvestor(app);
    const before = await storedKeys();
    const form = multipartForm([
      { name: 'type', value: 'bitcoin' },
      { name: 'amount', value: '150' },
      { name: 'paymentTo', value: walletAddresses.bitcoin },
      { name: 'image', filename: 'r.png', contentType: 'image/png', content: Buffer.from('not an image') },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/deposits',
      payload: form.payload,
      headers: { ...investor.headers, ...form.headers },
    });
    expect(refused.statusCode, refused.body).toBe(415);
    expect(await storedKeys()).toEqual(before);

    // A retry with the same key and form makes no second deposit, and keeps no second receipt.
    const deposit = await depositForm({ amount: '75' });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/deposits',
        payload: deposit.payload,
        headers: { ...investor.headers, ...deposit.headers, 'idempotency-key': 'receipt-in-bucket-0001' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = await storedKeys();
    expect(afterFirst).toHaveLength(before.length + 1);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await storedKeys()).toEqual(afterFirst);
  });

  it('answers 404 when the row is there but its object is gone, and logs a warning', async () => {
    const investor = await signedInInvestor(app);
    expect((await requestDeposit(app, investor, '20')).statusCode).toBe(201);
    const [id = ''] = await receiptIds(await userIdOf(investor.email));
    await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${id}.png` }));
    const served = await download(app, investor, id);
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ msg: 'File not found' });
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.uploadId === id);
    expect(warning).toMatchObject({ level: 40, msg: 'an upload row has no stored image', key: `${id}.png` });
  });
});

describe('readiness with the bucket', () => {
  it('answers 200 while the bucket answers, and 503 naming the object store when it does not', async () => {
    const store = await startS3Server();
    const server = await createTestApp(store.env);
    try {
      const ready = await server.inject({ method: 'GET', url: '/api/v1/readyz' });
      await expectContract('getReadiness', ready);
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ checks: { storage: 'ok' } });

      await store.stop();
      // Past the time one round of readiness checks answers for.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + readinessCacheMs);
      const notReady = await server.inject({ method: 'GET', url: '/api/v1/readyz' });
      await expectContract('getReadiness', notReady);
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ msg: 'Not ready: the object store does not answer' });
    } finally {
      vi.useRealTimers();
      await server.close();
      await store.close();
    }
  });

  it('answers 503 when the bucket does not exist', async () => {
    const server = await createTestApp({ ...s3.env, UPLOADS_URL: 's3://no-such-bucket' });
    try {
      const response = await server.inject({ method: 'GET', url: '/api/v1/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ msg: 'Not ready: the object store does not answer' });
    } finally {
      await server.close();
    }
  });
});
