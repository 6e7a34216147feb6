import { delay, type HttpHandler, HttpResponse, http, type PathParams } from 'msw';
import type { operations, paths } from '../generated/schema';
import type { JsonBody, OperationId, SuccessBody, SuccessStatus } from '../operations';

export type { OperationId, SuccessBody } from '../operations';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/**
 * The contract's path that serves `Op` with method `M`, e.g. `/wallets/{walletId}/qr.png`: a mock for
 * an operation cannot be registered on another operation's path.
 */
export type OperationPath<Op extends OperationId, M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: operations[Op] } ? P : never;
}[keyof paths];

/** The statuses of the contract's error answers (its Errors convention), and 500 for a crash. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** The request a default answer is made for. */
export type MockRequest = { request: Request; url: URL; params: PathParams };

/** A request the mock heard: its JSON body as the contract types it (undefined when it has none). */
export type SentRequest<RequestBody> = {
  body: RequestBody;
  headers: Headers;
  url: URL;
  params: PathParams;
};

/** `once`: the handler answers one request only, and the next handler answers the ones after it. */
type Once = { once?: boolean };

/** The mock of one operation: each call makes one msw handler for one answer the server can give. */
export type OperationMock<Body, RequestBody = unknown> = {
  /**
   * Answers success: `body` when given (or made from the request, for a story's own rows), else the
   * default fixture (which may depend on the request).
   */
  (options?: { body?: Body | ((request: MockRequest) => Body | Promise<Body>) } & Once): HttpHandler;
  /** Answers `{ msg }` with an error status, as the server does. */
  error(status: ErrorStatus, msg: string, options?: Once): HttpHandler;
  /** Gives no answer at all, as when the network is down (`fetch` rejects). */
  networkError(options?: Once): HttpHandler;
  /** Never answers, to show loading states. */
  slow(): HttpHandler;
  /**
   * Adds each request to `sent` and answers none: the next handler does. Put it first in `msw.use`,
   * before the handler that answers.
   */
  record(sent: SentRequest<RequestBody>[]): HttpHandler;
  readonly operationId: OperationId;
};

/** Thrown while making an answer when the request breaks the contract: answered 400 with its msg. */
export class InvalidRequest extends Error {}

/** Seconds a rate-limited client is told to wait: the contract sends `Retry-After` with every 429. */
const retryAfterSeconds = '30';

type Answer<Body> = (request: MockRequest & { body: Body }) => Response | Promise<Response>;

/** A request's JSON body, read from a copy so the handler that answers can still read it. */
async function jsonBodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  return text === '' ? undefined : JSON.parse(text);
}

function operationMock<Body, RequestBody = unknown>(
  operationId: OperationId,
  method: Method,
  path: string,
  fixture: (request: MockRequest) => Body | Promise<Body>,
  answer: Answer<Body>,
): OperationMock<Body, RequestBody> {
  // Any origin, so the same handlers serve Storybook (same origin) and tests (http://127.0.0.1:3000).
  const pattern = `*/api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`;
  const success = (options?: { body?: Body | ((request: MockRequest) => Body | Promise<Body>) } & Once) =>
    http[method](
      pattern,
      async ({ request, params }) => {
        const mockRequest = { request, url: new URL(request.url), params };
        try {
          const given = options?.body;
          const body =
            given === undefined
              ? await fixture(mockRequest)
              : typeof given === 'function'
                ? await (given as (request: MockRequest) => Body | Promise<Body>)(mockRequest)
                : given;
          return await answer({ ...mockRequest, body });
        } catch (error) {
          if (error instanceof InvalidRequest)
            return HttpResponse.json({ msg: error.message }, { status: 400 });
          throw error;
        }
      },
      { once: options?.once },
    );
  return Object.assign(success, {
    operationId,
    error: (status: ErrorStatus, msg: string, options?: Once) =>
      http[method](
        pattern,
        () =>
          HttpResponse.json(
            { msg },
            { status, headers: status === 429 ? { 'Retry-After': retryAfterSeconds } : undefined },
          ),
        { once: options?.once },
      ),
    networkError: (options?: Once) =>
      http[method](pattern, () => HttpResponse.error(), { once: options?.once }),
    slow: () =>
      http[method](pattern, async () => {
        await delay('infinite');
        return HttpResponse.error();
      }),
    record: (sent: SentRequest<RequestBody>[]) =>
      http[method](pattern, async ({ request, params }) => {
        const body = (await jsonBodyOf(request)) as RequestBody;
        sent.push({ body, headers: request.headers, url: new URL(request.url), params });
        // No answer: msw goes on to the next handler for this request.
        return undefined;
      }),
  });
}

type JsonSpec<Op extends OperationId> = {
  status: SuccessStatus<Op>;
  /** The default body; it may read the request (query, path params, body). */
  fixture: (request: MockRequest) => SuccessBody<Op> | Promise<SuccessBody<Op>>;
  /** Replaces the plain JSON answer, for operations that answer differently by request (a CSV export). */
  answer?: Answer<SuccessBody<Op>>;
};

/** The mock of an operation whose success answer is JSON. */
export function jsonOperation<Op extends OperationId, M extends Method>(
  operationId: Op,
  method: M,
  path: OperationPath<Op, M>,
  { status, fixture, answer }: JsonSpec<Op>,
): OperationMock<SuccessBody<Op>, JsonBody<Op>> {
  return operationMock<SuccessBody<Op>, JsonBody<Op>>(
    operationId,
    method,
    path,
    fixture,
    answer ?? (({ body }) => Response.json(body, { status })),
  );
}

type ImageSpec = {
  /** The default image's bytes. */
  fixture: (request: MockRequest) => Uint8Array<ArrayBuffer>;
  /** Headers the contract requires beside the image (Content-Disposition…), from the request and type. */
  headers?: (request: MockRequest, contentType: ImageType) => Record<string, string>;
};

type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Told from the bytes, as the server does, so a given JPEG or WebP is served as what it is. */
export function imageTypeOf(bytes: Uint8Array): ImageType {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp';
  return 'image/png';
}

/** The mock of an operation that answers an image. */
export function imageOperation<Op extends OperationId, M extends Method>(
  operationId: Op,
  method: M,
  path: OperationPath<Op, M>,
  { fixture, headers }: ImageSpec,
): OperationMock<Uint8Array<ArrayBuffer>, JsonBody<Op>> {
  return operationMock<Uint8Array<ArrayBuffer>, JsonBody<Op>>(
    operationId,
    method,
    path,
    fixture,
    (request) => {
      const contentType = imageTypeOf(request.body);
      return new HttpResponse(request.body, {
        status: 200,
        headers: { 'Content-Type': contentType, ...headers?.(request, contentType) },
      });
    },
  );
}

type EventStreamSpec<Op extends OperationId> = {
  /** The events the stream sends, in order, as soon as it opens; then it stays open. */
  fixture: (request: MockRequest) => SuccessBody<Op>;
};

/**
 * The mock of an operation that answers a stream of server-sent events (`text/event-stream`): it
 * sends the given events (ids 1, 2, …; a `Last-Event-ID` skips those up to it, as the server does),
 * then stays open with nothing more, as a quiet stream does, until the page leaves.
 */
export function eventStreamOperation<Op extends OperationId, M extends Method>(
  operationId: Op,
  method: M,
  path: OperationPath<Op, M>,
  { fixture }: EventStreamSpec<Op>,
): OperationMock<SuccessBody<Op>> {
  return operationMock(operationId, method, path, fixture, ({ request, body }) => {
    const events = body as Array<{ type: string }>;
    const after = Number(request.headers.get('Last-Event-ID') ?? '0') || 0;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        // The backlog in one chunk, as a server writes what a stream missed at once.
        const text = events
          .map((event, index) => ({ id: index + 1, event }))
          .filter(({ id }) => id > after)
          .map(({ id, event }) => `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
          .join('');
        if (text !== '') controller.enqueue(encoder.encode(text));
        // Left open: the page's own fetch ends it (its AbortSignal) when it leaves.
        const end = () => {
          try {
            controller.close();
          } catch {
            // Cancelled by the reader already: nothing is left to end.
          }
        };
        request.signal.addEventListener('abort', end, { once: true });
      },
    });
    return new HttpResponse(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
    });
  });
}
