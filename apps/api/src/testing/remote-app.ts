import type { FastifyInstance, InjectOptions } from 'fastify';

type RemoteAnswer = {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  rawPayload: Buffer;
  json: () => unknown;
};

/**
 * A server process seen through the `inject` interface the test helpers use (`registerVerified`,
 * `signIn`, `requestDeposit`…), so the same helpers drive a server over real HTTP. A request's
 * `remoteAddress` travels as `X-Forwarded-For`, as a load balancer would send it: the process must
 * believe one proxy hop (`TRUST_PROXY=1`). Only what those helpers use is supported: method, url,
 * headers, and a payload that is an object (sent as JSON), a string or a Buffer.
 */
export function remoteApp(base: string): FastifyInstance {
  async function inject(options: InjectOptions): Promise<RemoteAnswer> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(options.headers ?? {}))
      if (value !== undefined) headers.set(name, String(value));
    if (options.remoteAddress) headers.set('x-forwarded-for', options.remoteAddress);
    let body: Uint8Array | string | undefined;
    const { payload } = options;
    if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
    else if (typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(new URL(String(options.url), base), {
      method: options.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const text = rawPayload.toString('utf8');
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      rawPayload,
      json: () => JSON.parse(text),
    };
  }
  return { inject } as unknown as FastifyInstance;
}
