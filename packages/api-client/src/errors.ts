/** What a person reads when a request got no answer at all (offline, the server unreachable). */
export const networkFailure = 'The server could not be reached. Check your connection and try again.';

/** The failure of a call: the server's `msg`, or the status line; status 0 when no answer came. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no answer arrived at all. */
  readonly status: number;
  constructor(status: number, msg: string) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
  }
  /** The message to show a person. */
  get msg(): string {
    return this.message;
  }
}

/** The server's `msg` from an error answer, or else its status line. */
export function messageOf(body: unknown, status: number, statusText: string): string {
  if (typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string') {
    return body.msg;
  }
  return statusText || `Request failed with status ${status}`;
}
