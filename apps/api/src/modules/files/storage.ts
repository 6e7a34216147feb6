import { constants } from 'node:fs';
import { access, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config, UploadsBucket } from '../../config/config';

/** An upload's stored bytes, read as they are sent: never held whole in memory. */
export type StoredObject = { body: Readable; byteSize: number };

/**
 * Where uploads' bytes are kept, by key (a server-made name such as `<uuid>.png`). Every instance
 * of the API that shares a store serves every upload: the data folder suits one instance, a bucket
 * any number of them.
 */
export interface UploadStorage {
  /** What the store is, for logs: a folder's path or a bucket's URL. */
  readonly description: string;
  /** Keeps the bytes under `key`; a key is either absent or whole, never partly written. */
  put(key: string, bytes: Buffer, mediaType: string): Promise<void>;
  /** The bytes under `key`, as a stream, or null when nothing is kept under it. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes what is kept under `key`, if anything. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can keep and serve uploads now; throws when it cannot. */
  check(): Promise<void>;
  /** Releases the store's connections. */
  close(): void;
}

/**
 * The data folder, `DATA_DIR/uploads`, readable by the server's user only (folder 0700, files 0600),
 * outside any web root.
 */
export function folderStorage(dataDir: string): UploadStorage {
  const directory = path.resolve(dataDir, 'uploads');
  const fileOf = (key: string) => {
    // Keys are made by the server; a key that would leave the folder is a bug, never served.
    if (key !== path.basename(key) || key.startsWith('.')) throw new Error(`Not an upload key: ${key}`);
    return path.join(directory, key);
  };
  return {
    description: directory,

    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // Written under a temporary name, then renamed: a file under its final name is always whole.
      const partial = path.join(directory, `.${key}.partial`);
      try {
        await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream closes the file when it ends, fails or is destroyed (a client that goes away).
        return { body: handle.createReadStream(), byteSize: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async check() {
      // Made on the first upload otherwise; a fresh instance is ready before any.
      await mkdir(directory, { recursive: true, mode: 0o700 });
      await access(directory, constants.R_OK | constants.W_OK);
    },

    close() {},
  };
}

/** A check that has not answered in this time has failed: a readiness probe must not hang. */
const checkTimeoutMs = 5_000;

/**
 * An S3-compatible bucket. Region, endpoint and credentials come from the AWS SDK's own variables
 * (`AWS_REGION`, `AWS_ENDPOINT_URL_S3`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`), passed on
 * from the configuration when they are set there; otherwise the SDK's other sources apply. A custom
 * endpoint (MinIO, s3rver, another provider) is addressed by path (`endpoint/bucket/key`), since such
 * servers seldom have a DNS name per bucket.
 */
export function bucketStorage(
  { bucket, prefix }: UploadsBucket,
  config: Partial<
    Pick<
      Config,
      | 'AWS_REGION'
      | 'AWS_ENDPOINT_URL_S3'
      | 'AWS_ACCESS_KEY_ID'
      | 'AWS_SECRET_ACCESS_KEY'
      | 'AWS_SESSION_TOKEN'
    >
  >,
): UploadStorage {
  const client = new S3Client({
    ...(config.AWS_REGION ? { region: config.AWS_REGION } : {}),
    ...(config.AWS_ENDPOINT_URL_S3 ? { endpoint: config.AWS_ENDPOINT_URL_S3, forcePathStyle: true } : {}),
    ...(config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.AWS_ACCESS_KEY_ID,
            secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
            ...(config.AWS_SESSION_TOKEN ? { sessionToken: config.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    // A store that does not accept a connection fails the request rather than holding it.
    requestHandler: { connectionTimeout: checkTimeoutMs },
  });
  const keyOf = (key: string) => `${prefix}${key}`;
  return {
    description: `s3://${bucket}/${prefix}`,

    async put(key, bytes, mediaType) {
      // One request: an object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: mediaType,
          ContentLength: bytes.length,
        }),
      );
    },

    async get(key) {
      try {
        const { Body, ContentLength } = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }),
        );
        if (!(Body instanceof Readable) || ContentLength === undefined) {
          (Body as { destroy?: () => void } | undefined)?.destroy?.();
          throw new Error('The object store answered without a readable body and its length');
        }
        return { body: Body, byteSize: ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(checkTimeoutMs),
      });
    },

    close() {
      client.destroy();
    },
  };
}

/** The store the configuration names: the bucket of `UPLOADS_URL`, else the data folder. */
export function uploadStorage(config: Config): UploadStorage {
  return config.UPLOADS_URL ? bucketStorage(config.UPLOADS_URL, config) : folderStorage(config.DATA_DIR);
}
