import { ApiError, messageOf, networkFailure } from './errors';
import type { paths } from './generated/schema';

type Method = 'POST' | 'PUT' | 'PATCH';

/** An operation's multipart form, as the contract declares it (`never` when it takes none). */
type FormOf<Operation> = Operation extends { requestBody?: infer Body }
  ? [NonNullable<Body>] extends [never]
    ? never
    : NonNullable<Body> extends { content: { 'multipart/form-data': infer Form } }
      ? Form
      : never
  : never;

type OperationAt<Path extends keyof paths, M extends Method> = paths[Path][Lowercase<M>];

/** The paths whose `method` operation takes a multipart form. */
export type MultipartPath<M extends Method> = {
  [Path in keyof paths]: [FormOf<OperationAt<Path, M>>] extends [never] ? never : Path;
}[keyof paths];

/**
 * The parts of an operation's form. The generated types name a file part `string` (`format: binary`);
 * on the wire it is a Blob or File. Each part keeps its text type (an enum stays an enum) and the
 * contract's required or optional mark.
 */
export type MultipartParts<Form> = {
  [Name in keyof Form]: Form[Name] extends string ? Form[Name] | Blob : Form[Name];
};

/** The header parameters an operation declares (an `Idempotency-Key`, say). */
type HeadersOf<Operation> = Operation extends { parameters: { header?: infer Headers } }
  ? NonNullable<Headers>
  : never;

/** The JSON an operation answers on success (200 or 201). */
export type MultipartAnswer<Operation> = Operation extends {
  responses: { [Status in 200 | 201]?: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : never;

export type MultipartInit<Operation> = {
  parts: MultipartParts<FormOf<Operation>>;
  headers?: HeadersOf<Operation>;
  /** Called with the share of the body sent so far, from 0 to 100. */
  onProgress?: (percent: number) => void;
};

/** Sends one multipart form to an operation of the contract and resolves with its typed answer. */
export type MultipartCall = <M extends Method, Path extends MultipartPath<M>>(
  method: M,
  path: Path,
  init: MultipartInit<OperationAt<Path, M>>,
) => Promise<MultipartAnswer<OperationAt<Path, M>>>;

/** A form of the given parts; empty and missing parts are left out (an empty profile field is not sent). */
export function formOf(parts: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

type Transport = {
  baseUrl: string;
  getToken?: () => string | null | undefined;
  onUnauthorized?: () => void;
};

/**
 * The multipart call of the api client. It goes through XMLHttpRequest because fetch cannot report
 * upload progress; otherwise it behaves as every other call: it sends the token, reports a 401 to a
 * request that carried one as the session's end, and fails with an `ApiError` carrying the server's
 * `msg` (status 0 when no answer came).
 */
export function multipartCall({ baseUrl, getToken, onUnauthorized }: Transport): MultipartCall {
  return (method, path, { parts, headers, onProgress }) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, `${baseUrl}${path}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken?.();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      for (const [name, value] of Object.entries((headers ?? {}) as Record<string, unknown>)) {
        if (value !== undefined) xhr.setRequestHeader(name, String(value));
      }
      if (onProgress) {
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0)
            onProgress(Math.round((event.loaded / event.total) * 100));
        });
      }
      xhr.addEventListener('load', () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // Not JSON (a proxy's error page): an error falls back to the status line.
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          if (body === undefined)
            reject(new ApiError(xhr.status, 'The server sent an answer that could not be read'));
          else resolve(body as never);
          return;
        }
        // A 401 to a request without a token is a refusal, not a session ending.
        if (xhr.status === 401 && token) onUnauthorized?.();
        reject(new ApiError(xhr.status, messageOf(body, xhr.status, xhr.statusText)));
      });
      xhr.addEventListener('error', () => reject(new ApiError(0, networkFailure)));
      xhr.addEventListener('timeout', () => reject(new ApiError(0, 'The request timed out')));
      xhr.send(formOf(parts as Record<string, unknown>));
    });
}
