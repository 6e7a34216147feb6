import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed keys: it checks every request's signature against them. */
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export type S3TestServer = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /**
   * The environment that keeps uploads in this server's bucket (under `prefix`, when given): pass it
   * to `createTestApp` or to a server process.
   */
  env: {
    UPLOADS_URL: string;
    AWS_REGION: string;
    AWS_ENDPOINT_URL_S3: string;
    AWS_ACCESS_KEY_ID: string;
    AWS_SECRET_ACCESS_KEY: string;
  };
  /** Stops the server (its bucket stops answering). */
  stop: () => Promise<void>;
  /** Stops the server if it runs, and removes its files. */
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, on a free port, with one bucket made, keeping
 * its objects in a temporary directory of its own. Several API instances given the same `env` share
 * their uploads, as instances behind a load balancer share a bucket.
 */
export async function startS3Server(
  options: { bucket?: string; prefix?: string } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'ledgerline-uploads';
  const directory = mkdtempSync(path.join(tmpdir(), 'ledgerline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      UPLOADS_URL: `s3://${bucket}${options.prefix ? `/${options.prefix}` : ''}`,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    },
    stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
