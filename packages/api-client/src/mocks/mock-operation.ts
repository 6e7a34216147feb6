import { delay, type HttpHandler, HttpResponse, http, type PathParams } from 'msw';
import type { operations, paths } from '../generated/schema';
import type { OperationId, SuccessBody, SuccessStatus } from '../operations';

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

/** The mock of one operation: each call makes one msw handler for one answer the server can give. */
export type OperationMock<Body> = {
  /** Answers success: `body` when given, else the default fixture (which may depend on the request). */
  (options?: { body?: Body }): HttpHandler;
  /** Answers `{ msg }` with an error status, as the server does. */
  error(status: ErrorStatus, msg: string): HttpHandler;
  /** Gives no answer at all, as when the network is down (`fetch` rejects). */
  networkError(): HttpHandler;
  /** Never answers, to show loading states. */
  slow(): HttpHandler;
  readonly operationId: OperationId;
};

/** The request a default answer is made for. */
export type MockRequest = { request: Request; url: URL; params: PathParams };

/** Thrown while making an answer when the request breaks the contract: answered 400 with its msg. */
export class InvalidRequest extends Error {}

/** Seconds a rate-limited client is told to wait: the contract sends `Retry-After` with every 429. */
const retryAfterSeconds = '30';

type Answer<Body> = (request: MockRequest & { body: Body }) => Response | Promise<Response>;

function operationMock<Body>(
  operationId: OperationId,
  method: Method,
  path: string,
  fixture: (request: MockRequest) => Body | Promise<Body>,
  answer: Answer<Body>,
): OperationMock<Body> {
  // Any origin, so the same handlers serve Storybook (same origin) and tests (http://127.0.0.1:3000).
  const pattern = `*/api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`;
  const success = (options?: { body?: Body }) =>
    http[method](pattern, async ({ request, params }) => {
      const mockRequest = { request, url: new URL(request.url), params };
      try {
        const body = options?.body ?? (await fixture(mockRequest));
        return await answer({ ...mockRequest, body });
      } catch (error) {
        if (error instanceof InvalidRequest)
          return HttpResponse.json({ msg: error.message }, { status: 400 });
        throw error;
      }
    });
  return Object.assign(success, {
    operationId,
    error: (status: ErrorStatus, msg: string) =>
      http[method](pattern, () =>
        HttpResponse.json(
          { msg },
          { status, headers: status === 429 ? { 'Retry-After': retryAfterSeconds } : undefined },
        ),
      ),
    networkError: () => http[method](pattern, () => HttpResponse.error()),
    slow: () =>
      http[method](pattern, async () => {
        await delay('infinite');
        return HttpResponse.error();
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
): OperationMock<SuccessBody<Op>> {
  return operationMock(
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
): OperationMock<Uint8Array<ArrayBuffer>> {
  return operationMock(operationId, method, path, fixture, (request) => {
    const contentType = imageTypeOf(request.body);
    return new HttpResponse(request.body, {
      status: 200,
      headers: { 'Content-Type': contentType, ...headers?.(request, contentType) },
    });
  });
}
