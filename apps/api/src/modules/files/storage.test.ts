import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { type S3TestServer, startS3Server } from '../../testing/s3-server';
import { bucketStorage, folderStorage, type UploadStorage, uploadStorage } from './storage';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerline-storage-test-'));
  dirs.push(dir);
  return dir;
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A bucket store made from the configuration, as the app makes it. */
function configuredBucket(env: Record<string, string> = {}): UploadStorage {
  return uploadStorage(loadConfig({ ...s3.env, ...env }));
}

async function read(storage: UploadStorage, key: string): Promise<string | null> {
  const stored = await storage.get(key);
  return stored ? text(stored.body) : null;
}

describe.each([
  ['the data folder', () => folderStorage(tempDir())],
  ['an S3-compatible bucket', () => configuredBucket()],
])('uploads kept in %s', (_name, makeStorage) => {
  let storage: UploadStorage;
  beforeAll(() => {
    storage = makeStorage();
    return () => storage.close();
  });

  it('answers the check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('gives back what was put, as a stream of the stored length', async () => {
    const key = `${crypto.randomUUID()}.png`;
    const bytes = Buffer.from(`a receipt ${key}`);
    await storage.put(key, bytes, 'image/png');
    const stored = await storage.get(key);
    if (!stored) throw new Error('nothing stored');
    expect(stored.body).toBeInstanceOf(Readable);
    expect(stored.byteSize).toBe(bytes.length);
    expect(await text(stored.body)).toBe(bytes.toString());
  });

  it('answers null for a key nothing was put under, and after a delete', async () => {
    expect(await storage.get(`${crypto.randomUUID()}.png`)).toBeNull();
    const key = `${crypto.randomUUID()}.webp`;
    await storage.put(key, Buffer.from('soon gone'), 'image/webp');
    expect(await read(storage, key)).toBe('soon gone');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  it('keeps each key apart', async () => {
    const first = `${crypto.randomUUID()}.jpg`;
    const second = `${crypto.randomUUID()}.jpg`;
    await Promise.all([
      storage.put(first, Buffer.from('first'), 'image/jpeg'),
      storage.put(second, Buffer.from('second'), 'image/jpeg'),
    ]);
    expect(await read(storage, first)).toBe('first');
    expect(await read(storage, second)).toBe('second');
  });
});

describe('the data folder', () => {
  it('keeps files in DATA_DIR/uploads, readable by the server only, with no temporary file left', async () => {
    const dataDir = tempDir();
    const storage = folderStorage(dataDir);
    const key = `${crypto.randomUUID()}.png`;
    await storage.put(key, Buffer.from('bytes'), 'image/png');
    const folder = path.join(dataDir, 'uploads');
    expect(await readdir(folder)).toEqual([key]);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, key))).mode & 0o777).toBe(0o600);
  });

  it('is the default, without UPLOADS_URL', async () => {
    const dataDir = tempDir();
    const storage = uploadStorage(loadConfig({ DATA_DIR: dataDir }));
    expect(storage.description).toBe(path.join(dataDir, 'uploads'));
    const key = `${crypto.randomUUID()}.png`;
    await storage.put(key, Buffer.from('default'), 'image/png');
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([key]);
  });

  it('is ready before the first upload: the check makes the folder', async () => {
    const dataDir = path.join(tempDir(), 'not', 'yet');
    await folderStorage(dataDir).check();
    expect((await stat(path.join(dataDir, 'uploads'))).isDirectory()).toBe(true);
  });

  it('fails the check when the folder cannot be made', async () => {
    // DATA_DIR is a file: nothing can be made under it.
    const file = path.join(tempDir(), 'a-file');
    await writeFile(file, 'not a folder');
    await expect(folderStorage(file).check()).rejects.toThrow();
  });

  it('refuses keys that would leave the folder', async () => {
    const storage = folderStorage(tempDir());
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Not an upload key/,
    );
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Not an upload key/);
  });
});

describe('an S3-compatible bucket', () => {
  it('keeps objects under the prefix of UPLOADS_URL', async () => {
    const prefixed = configuredBucket({ UPLOADS_URL: `s3://${s3.bucket}/ledgerline/uploads/` });
    const whole = bucketStorage({ bucket: s3.bucket, prefix: '' }, s3.env);
    try {
      const key = `${crypto.randomUUID()}.png`;
      await prefixed.put(key, Buffer.from('under the prefix'), 'image/png');
      expect(await read(whole, `ledgerline/uploads/${key}`)).toBe('under the prefix');
      expect(await whole.get(key)).toBeNull();
      expect(prefixed.description).toBe(`s3://${s3.bucket}/ledgerline/uploads/`);
    } finally {
      prefixed.close();
      whole.close();
    }
  });

  it('fails the check for a bucket that does not exist', async () => {
    const storage = configuredBucket({ UPLOADS_URL: 's3://no-such-bucket' });
    try {
      await expect(storage.check()).rejects.toThrow();
    } finally {
      storage.close();
    }
  });

  it('fails the check, and every operation, when the server does not answer', async () => {
    const gone = await startS3Server();
    const storage = configuredBucket(gone.env);
    try {
      await storage.check();
      await gone.stop();
      await expect(storage.check()).rejects.toThrow();
      await expect(
        storage.put(`${crypto.randomUUID()}.png`, Buffer.from('x'), 'image/png'),
      ).rejects.toThrow();
      await expect(storage.get(`${crypto.randomUUID()}.png`)).rejects.toThrow();
    } finally {
      storage.close();
      await gone.close();
    }
  });
});
