import { ApiError } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { sessionEndedMessage } from '../../../api/api';
import { siteConfig } from '../../../config';
import { clearSession, readSession } from '../../../session/session';

export type UploadOptions = {
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Called with the share of the body sent so far, from 0 to 100. */
  onProgress?: (percent: number) => void;
};

/** What a person reads when the request got no answer at all. */
export const networkFailure = 'The server could not be reached. Check your connection and try again.';

function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string') {
      return body.msg;
    }
  } catch {
    // Not JSON (a proxy's error page): fall back to the status line.
  }
  return xhr.statusText || `Request failed with status ${xhr.status}`;
}

/**
 * POSTs a multipart form to the API with upload progress, which fetch (and so openapi-fetch) cannot
 * report. Behaves as the api client does: sends the saved token, ends the session on a 401 to a
 * request that carried one, and fails with an `ApiError` carrying the server's `msg` (status 0 when
 * no answer came). Resolves with the parsed JSON answer.
 */
export function uploadForm<Answer>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${siteConfig.apiBaseUrl}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readSession()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);

    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(Math.round((event.loaded / event.total) * 100));
      });
    }
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Answer);
        } catch {
          reject(new ApiError(xhr.status, 'The server sent an answer that could not be read'));
        }
        return;
      }
      if (xhr.status === 401 && token && readSession()) {
        clearSession();
        toast.error(sessionEndedMessage);
      }
      reject(new ApiError(xhr.status, messageOf(xhr)));
    });
    // No answer at all (offline, the server unreachable): status 0, as the api client reports it.
    xhr.addEventListener('error', () => reject(new ApiError(0, networkFailure)));
    xhr.addEventListener('timeout', () => reject(new ApiError(0, 'The request timed out')));
    xhr.send(body);
  });
}
