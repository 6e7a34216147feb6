import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError, messageOf } from './errors';
import type { components, operations, paths } from './generated/schema';
import { type MultipartCall, multipartCall } from './multipart';

export type { components, operations, paths };
export type Schemas = components['schemas'];

/**
 * The typed client of the v1 API: openapi-fetch's calls (`api.GET`, `api.POST`, …) and `api.multipart`
 * for the operations that take a multipart form (with upload progress).
 */
export type ApiClient = Client<paths> & { multipart: MultipartCall };

export type ApiClientOptions = {
  /** Absolute or root-relative base of the v1 API, e.g. `/api/v1` or `http://127.0.0.1:3000/api/v1`. */
  baseUrl: string;
  /** The saved session's token, if any; sent as `Authorization: Bearer <token>`. */
  getToken?: () => string | null | undefined;
  /** Called when a request that carried a token answers 401: the session has ended. */
  onUnauthorized?: () => void;
  /** The fetch to use. Defaults to the global fetch, looked up at call time (so msw can intercept it). */
  fetch?: (request: Request) => Promise<Response>;
};

/** The one typed client of the v1 API, with bearer authentication. */
export function createApiClient({ baseUrl, getToken, onUnauthorized, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    // openapi-fetch captures `fetch` when the client is made; look it up per request instead.
    fetch: fetch ?? ((request: Request) => globalThis.fetch(request)),
  });
  const bearer: Middleware = {
    onRequest({ request }) {
      const token = getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      // A 401 to a request without a token (a failed sign-in) is not a session ending.
      if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized?.();
      return response;
    },
  };
  client.use(bearer);
  return Object.assign(client, { multipart: multipartCall({ baseUrl, getToken, onUnauthorized }) });
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits an openapi-fetch call and returns its data, or throws an `ApiError` carrying the server's
 * `msg` (or, when the request never got an answer, the network error's message).
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (result.response.ok) return result.data as T;
  throw new ApiError(
    result.response.status,
    messageOf(result.error, result.response.status, result.response.statusText),
  );
}
