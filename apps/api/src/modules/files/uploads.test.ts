import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kycRequests, uploads } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { testImage } from '../../testing/images';
import { type FormPart, multipartForm } from '../../testing/multipart';

// This app's own DATA_DIR, so the tests can see every file it writes.
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-uploads-test-'));
const uploadsDir = path.join(dataDir, 'uploads');

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Caller = { headers: Record<string, string> };

/** Every file in DATA_DIR/uploads, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(uploadsDir)).sort();
  } catch {
    return [];
  }
}

async function submitKyc(caller: Caller, parts: FormPart[]) {
  const form = multipartForm(parts);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/kyc',
    payload: form.payload,
    headers: { ...caller.headers, ...form.headers },
    remoteAddress: newAddress(),
  });
  await expectContract('submitKyc', response);
  return response;
}

async function download(caller: Partial<Caller>, fileId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}`,
    headers: caller.headers ?? {},
  });
  await expectContract('downloadFile', response);
  return response;
}

function imagePart(content: Buffer, filename = 'passport.png', contentType = 'image/png'): FormPart {
  return { name: 'image', filename, contentType, content };
}

const passport: FormPart = { name: 'document', value: 'passport' };

/** The upload row of the KYC request an investor just sent. */
async function uploadOfLatestKyc(userId: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ upload: uploads })
    .from(kycRequests)
    .innerJoin(uploads, eq(uploads.id, kycRequests.imageId))
    .where(eq(kycRequests.userId, userId));
  if (!row) throw new Error('no KYC upload stored');
  return row.upload;
}

/** A JPEG of real photographic content (noise), big enough that cutting it loses pixel data. */
async function noisyJpeg(): Promise<Buffer> {
  const width = 256;
  const height = 256;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('uploads refused by content, with nothing stored', () => {
  let investor: Caller;
  let userId: string;
  // An account of its own for each test: every submission counts against the account's limit.
  beforeEach(async () => {
    const account = await signedInInvestor(app);
    investor = account;
    userId = await userIdOf(account.email);
  });

  /** Sends the form, expects the refusal, and checks that no row and no file was left behind. */
  async function expectRefused(parts: FormPart[], status: number, msg: string) {
    const filesBefore = await storedFiles();
    const response = await submitKyc(investor, parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ msg });
    const { db } = await testDatabase();
    expect(await db.select().from(uploads).where(eq(uploads.ownerId, userId))).toEqual([]);
    expect(await db.select().from(kycRequests).where(eq(kycRequests.userId, userId))).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  }

  const unreadable = 'image could not be read; please upload the original photo or screenshot';
  const notAnImage = 'image must be a JPEG, PNG or WebP image';

  it('refuses a PNG header followed by HTML (400)', async () => {
    const png = await testImage('png');
    // The real signature and header chunk, then a page: the magic bytes say PNG, decoding says no.
    const polyglot = Buffer.concat([
      png.subarray(0, 33),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    await expectRefused([passport, imagePart(polyglot)], 400, unreadable);
    // The bare signature without a header chunk is not taken for a PNG at all (file-type reads the
    // chunk structure too): refused as not an image.
    const bare = Buffer.concat([pngSignature, Buffer.from('<html><script>alert(1)</script></html>')]);
    await expectRefused([passport, imagePart(bare)], 415, notAnImage);
  });

  it('refuses an SVG with a script (415)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expectRefused([passport, imagePart(svg, 'passport.svg', 'image/svg+xml')], 415, notAnImage);
    // Declared as a PNG, it is still what its bytes say.
    await expectRefused([passport, imagePart(svg, 'passport.png', 'image/png')], 415, notAnImage);
  });

  it('refuses a truncated JPEG (400)', async () => {
    const jpeg = await noisyJpeg();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expectRefused([passport, imagePart(truncated, 'passport.jpg', 'image/jpeg')], 400, unreadable);
    // Its header is intact either way: only decoding every pixel notices the missing ones.
    const lastRowsMissing = jpeg.subarray(0, jpeg.length - 10);
    await expectRefused(
      [passport, imagePart(lastRowsMissing, 'passport.jpg', 'image/jpeg')],
      400,
      unreadable,
    );
  });

  it('refuses a zero-byte file (400)', async () => {
    await expectRefused([passport, imagePart(Buffer.alloc(0))], 400, 'image is empty');
  });

  it('refuses a 6 MB file (413)', async () => {
    const big = Buffer.concat([await testImage('png'), randomBytes(6 * 1024 * 1024)]);
    await expectRefused([passport, imagePart(big)], 413, 'image must be at most 5 MB');
  });

  it('refuses two files (400)', async () => {
    const parts = [passport, imagePart(await testImage('png')), imagePart(await testImage('jpeg'))];
    await expectRefused(parts, 400, 'Only one image may be sent');
    // Three files: the parser's own file limit, answered the same way.
    await expectRefused(
      [...parts, imagePart(await testImage('webp'), 'third.webp', 'image/webp')],
      400,
      'Only one image may be sent',
    );
  });

  it('refuses receipt.jpg.php holding a script (415)', async () => {
    const script = Buffer.from('<?php system($_GET["c"]); ?>');
    await expectRefused([passport, imagePart(script, 'receipt.jpg.php', 'image/jpeg')], 415, notAnImage);
  });

  it('refuses a PDF (415)', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    await expectRefused([passport, imagePart(pdf, 'passport.pdf', 'application/pdf')], 415, notAnImage);
    await expectRefused([passport, imagePart(pdf, 'passport.jpg', 'image/jpeg')], 415, notAnImage);
  });

  it('refuses a text file named .png (415)', async () => {
    const text = Buffer.from('This is not a passport, just some text.\n');
    await expectRefused([passport, imagePart(text, 'passport.png', 'image/png')], 415, notAnImage);
  });

  it('refuses a GIF, which is an image but not an accepted one (415)', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#808080' } })
      .gif()
      .toBuffer();
    await expectRefused([passport, imagePart(gif, 'passport.gif', 'image/gif')], 415, notAnImage);
  });

  it('refuses an image of more than 40 megapixels before decoding it (413)', async () => {
    // 8000 x 5001 of one colour, just past the limit: a small file, cheap to make.
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefused([passport, imagePart(huge)], 413, 'image must be at most 40 megapixels');
  });

  it('refuses a form without a file (400)', async () => {
    await expectRefused([passport], 400, 'image is required');
    await expectRefused(
      [passport, { name: 'image', value: 'passport.png' }],
      400,
      'image must be a file, not text',
    );
  });

  it('refuses a file under another field (400)', async () => {
    const png = await testImage('png');
    await expectRefused(
      [passport, { name: 'document', filename: 'a.png', contentType: 'image/png', content: png }],
      400,
      'document must be text, not a file',
    );
    await expectRefused(
      [
        passport,
        imagePart(png),
        { name: 'selfie', filename: 'b.png', contentType: 'image/png', content: png },
      ],
      400,
      'selfie is not an accepted field',
    );
  });

  it('checks the text fields against the contract before the image (400)', async () => {
    const png = await testImage('png');
    await expectRefused([imagePart(png)], 400, 'document is required');
    await expectRefused(
      [{ name: 'document', value: 'driver_licence' }, imagePart(png)],
      400,
      'document must be one of: passport',
    );
    await expectRefused(
      [passport, { name: 'role', value: 'admin' }, imagePart(png)],
      400,
      'role is not an accepted field',
    );
    await expectRefused([passport, passport, imagePart(png)], 400, 'document must be sent only once');
    // Fields first: a bad field is named even when the file is not an image either.
    await expectRefused(
      [{ name: 'document', value: 'visa' }, imagePart(Buffer.from('hello'))],
      400,
      'document must be one of: passport',
    );
  });

  it('refuses a malformed multipart body (400)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/kyc',
      payload: Buffer.from('--abc\r\nContent-Disposition: form-data; name="document"\r\n\r\npass'),
      headers: { ...investor.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      remoteAddress: newAddress(),
    });
    await expectContract('submitKyc', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'body must be a valid multipart form' });
  });

  it('refuses a JSON body (415)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/kyc',
      payload: { document: 'passport', image: 'aGVsbG8=' },
      headers: investor.headers,
      remoteAddress: newAddress(),
    });
    await expectContract('submitKyc', response);
    expect(response.statusCode).toBe(415);
  });
});

describe('accepted uploads', () => {
  it('accepts a valid PNG declared as text/plain: the type comes from its bytes, not the declared one', async () => {
    const investor = await signedInInvestor(app);
    const png = await testImage('png');
    const response = await submitKyc(investor, [passport, imagePart(png, 'scan.txt', 'text/plain')]);
    expect(response.statusCode, response.body).toBe(201);
    const upload = await uploadOfLatestKyc(await userIdOf(investor.email));
    expect(upload.mediaType).toBe('image/png');
    expect(await storedFiles()).toContain(`${upload.id}.png`);
  });

  it('accepts a WebP declared as application/octet-stream and stores it as WebP', async () => {
    const investor = await signedInInvestor(app);
    const webp = await testImage('webp');
    const response = await submitKyc(investor, [
      passport,
      imagePart(webp, 'blob', 'application/octet-stream'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const upload = await uploadOfLatestKyc(await userIdOf(investor.email));
    expect(upload.mediaType).toBe('image/webp');
    expect(upload.kind).toBe('kyc');
    expect(upload.byteSize).toBe((await stat(path.join(uploadsDir, `${upload.id}.webp`))).size);
  });

  it('accepts a 12 megapixel phone photo', async () => {
    const investor = await signedInInvestor(app);
    const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#e8e4da' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await submitKyc(investor, [passport, imagePart(photo, 'IMG_0002.png')]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('stores the file under a server-made name, readable by the server only', async () => {
    const investor = await signedInInvestor(app);
    const response = await submitKyc(investor, [
      passport,
      imagePart(await testImage('jpeg'), '../../etc/passwd.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const upload = await uploadOfLatestKyc(await userIdOf(investor.email));
    const file = path.join(uploadsDir, `${upload.id}.jpg`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await storedFiles()).filter((name) => !/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(name))).toEqual([]);
  });

  it('strips metadata and turns the image upright', async () => {
    const investor = await signedInInvestor(app);
    const admin = await signedInAdmin(app);
    // 40 wide, 20 high, with EXIF that says "rotate 90° to view" and a description that must not leak.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { ImageDescription: 'taken at 12 Secret Street' } })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(photo.includes('Secret Street')).toBe(true);

    const response = await submitKyc(investor, [passport, imagePart(photo, 'IMG_0001.jpg', 'image/jpeg')]);
    expect(response.statusCode, response.body).toBe(201);
    const upload = await uploadOfLatestKyc(await userIdOf(investor.email));

    const served = await download(admin, upload.id);
    expect(served.statusCode).toBe(200);
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.rawPayload.includes('Secret Street')).toBe(false);
    expect([after.width, after.height]).toEqual([20, 40]);
  });
});

describe('GET /files/{fileId}', () => {
  let owner: Caller;
  let fileId: string;
  beforeAll(async () => {
    const account = await signedInInvestor(app);
    owner = account;
    const response = await submitKyc(owner, [passport, imagePart(await testImage('png'))]);
    expect(response.statusCode, response.body).toBe(201);
    fileId = (await uploadOfLatestKyc(await userIdOf(account.email))).id;
  });

  it('serves the owner their file, as an image that is never sniffed, run or framed', async () => {
    const response = await download(owner, fileId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${fileId}.png"`);
    expect(response.headers['cache-control']).toBe('private, max-age=0, no-store');
    // Loads nothing, runs nothing, and no page (ours or another site's) may frame it.
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
  });

  it('answers 404 to another user, the same as for a file that does not exist', async () => {
    const stranger = await signedInInvestor(app);
    const theirs = await download(stranger, fileId);
    expect(theirs.statusCode).toBe(404);
    const missing = await download(stranger, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ msg: 'File not found' });
    expect(missing.json()).toEqual(theirs.json());
  });

  it('serves any file to an admin', async () => {
    const admin = await signedInAdmin(app);
    const response = await download(admin, fileId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('answers 401 without a session and 400 for an id that is not one', async () => {
    expect((await download({}, fileId)).statusCode).toBe(401);
    expect((await download(owner, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('answers 404 when the row is there but its file is gone', async () => {
    const account = await signedInInvestor(app);
    const response = await submitKyc(account, [
      passport,
      imagePart(await testImage('webp'), 'a.webp', 'image/webp'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const upload = await uploadOfLatestKyc(await userIdOf(account.email));
    await rm(path.join(uploadsDir, `${upload.id}.webp`));
    const served = await download(account, upload.id);
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual({ msg: 'File not found' });
  });
});

describe('refused uploads over a real connection', () => {
  let baseUrl: URL;
  let server: FastifyInstance;
  beforeAll(async () => {
    server = await createTestApp({ DATA_DIR: dataDir });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    baseUrl = new URL(`http://127.0.0.1:${port}/api/v1/kyc`);
  });
  afterAll(() => server.close());

  /** POSTs a form on the given agent; answers the status, body and whether the socket was reused. */
  function post(agent: http.Agent, token: string, parts: FormPart[]) {
    const form = multipartForm(parts);
    return new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
      const request = http.request(
        baseUrl,
        {
          method: 'POST',
          agent,
          headers: {
            ...form.headers,
            authorization: `Bearer ${token}`,
            'content-length': form.payload.length,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              reused: request.reusedSocket,
            }),
          );
        },
      );
      request.setTimeout(20_000, () => request.destroy(new Error('no answer: the connection hung')));
      request.on('error', reject);
      request.end(form.payload);
    });
  }

  it('reads the whole body of a refused form, so the kept-alive connection serves the next request', async () => {
    const investor = await signedInInvestor(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.concat([await testImage('png'), randomBytes(6 * 1024 * 1024)]);
      const tooLarge = await post(agent, investor.token, [passport, imagePart(big)]);
      expect(tooLarge.status, tooLarge.body).toBe(413);

      const secondFile = await post(agent, investor.token, [
        imagePart(await testImage('png')),
        imagePart(randomBytes(3 * 1024 * 1024)),
        passport,
      ]);
      expect(secondFile.status, secondFile.body).toBe(400);
      expect(secondFile.reused).toBe(true);

      // Refused at its first part: the 3 MB image after it is never read by the form's reader.
      const wrongField = await post(agent, investor.token, [
        { name: 'other', filename: 'x.png', contentType: 'image/png', content: await testImage('png') },
        passport,
        imagePart(randomBytes(3 * 1024 * 1024)),
      ]);
      expect(wrongField.status, wrongField.body).toBe(400);
      expect(wrongField.reused).toBe(true);

      const repeatedField = await post(agent, investor.token, [
        passport,
        passport,
        imagePart(randomBytes(3 * 1024 * 1024)),
      ]);
      expect(repeatedField.status, repeatedField.body).toBe(400);
      expect(repeatedField.reused).toBe(true);

      const accepted = await post(agent, investor.token, [passport, imagePart(await testImage('png'))]);
      expect(accepted.status, accepted.body).toBe(201);
      expect(accepted.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
