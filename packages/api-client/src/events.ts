import { createParser } from 'eventsource-parser';

/** How a stream of server-sent events ended for good (it never ends otherwise). */
export type EventStreamEnd =
  /** The caller's signal aborted it. */
  | 'aborted'
  /** The server answered 401 to the token: the session has ended. */
  | 'unauthorized'
  /** The server refused the request in a way a retry cannot mend (a 4xx other than 401, 408 and 429). */
  | 'refused';

/** One server-sent event as it came: its `id` and `event` fields, and its data parsed as JSON. */
export type StreamedEvent<Data> = { id: string | undefined; event: string | undefined; data: Data };

export type EventStreamOptions<Data> = {
  /** The stream's absolute or root-relative URL, e.g. `/api/v1/events`. */
  url: string;
  /** The saved session's token, read at each (re)connection; sent as `Authorization: Bearer <token>`. */
  getToken: () => string | null | undefined;
  /**
   * Called with each event, in order. Its data is the JSON the server sent, typed by the caller (the
   * contract's schema). An event whose data is not JSON is skipped.
   */
  onEvent: (event: StreamedEvent<Data>) => void;
  /** Called when the server answers 401 to a request that carried a token: the session has ended. */
  onUnauthorized?: () => void;
  /** Called each time the stream is open and answering (first connection and every reconnection). */
  onOpen?: () => void;
  /** Ends the stream for good. */
  signal: AbortSignal;
  /** The first reconnection's wait when the server gave no `retry:` hint, in ms. @default 1000 */
  initialDelay?: number;
  /** The longest wait between two attempts before the jitter (up to half again), in ms. @default 30000 */
  maxDelay?: number;
  /** A number in [0, 1), for the jitter. @default Math.random */
  random?: () => number;
  /** Waits `ms` or until `signal` aborts. @default a setTimeout */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The fetch to use. @default the global fetch, looked up at call time (so msw can intercept it). */
  fetch?: typeof globalThis.fetch;
};

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Retry-After in ms: seconds, or an HTTP date; undefined when absent or unreadable. */
function retryAfterOf(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Connection =
  | { outcome: 'ended'; healthy: boolean }
  | { outcome: 'retryAfter'; ms: number | undefined }
  | { outcome: 'failed' }
  | { outcome: 'stop'; end: EventStreamEnd };

/**
 * Reads a stream of server-sent events with `fetch` (which, unlike `EventSource`, can send the bearer
 * header) until the signal aborts or the server ends the session, and resolves with how it ended.
 *
 * - When the connection drops or fails, it reconnects, sending the id of the last event read as
 *   `Last-Event-ID` so the server first sends what was missed.
 * - The waits grow exponentially (twice as long after each failed attempt, up to `maxDelay`) from the
 *   server's `retry:` hint, or `initialDelay` without one, plus up to half again as jitter, so that
 *   many clients dropped at once by a stopping server do not all come back at the same instant. A
 *   connection that delivered anything (an event, a heartbeat comment) was healthy: the next wait
 *   starts from the base again.
 * - A 429 (too many streams) and a 503 (a full or busy instance) wait as long as their Retry-After
 *   says (or the exponential wait without one).
 * - A 401 calls `onUnauthorized` and stops: the session has ended and retrying cannot mend it. Other
 *   4xx answers (except 408) stop too; 5xx answers, network failures and answers that are not an event
 *   stream (a proxy's error page) are retried.
 */
export async function readEventStream<Data = unknown>(
  options: EventStreamOptions<Data>,
): Promise<EventStreamEnd> {
  const { signal, initialDelay = 1000, maxDelay = 30_000, random = Math.random, wait = waitFor } = options;
  let lastEventId: string | undefined;
  let retryHint: number | undefined;
  let failures = 0;

  const connect = async (): Promise<Connection> => {
    const token = options.getToken();
    const headers = new Headers({ Accept: 'text/event-stream' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (lastEventId !== undefined) headers.set('Last-Event-ID', lastEventId);
    const fetchStream = options.fetch ?? globalThis.fetch;

    let response: Response;
    try {
      response = await fetchStream(options.url, { headers, signal, cache: 'no-store' });
    } catch {
      return signal.aborted ? { outcome: 'stop', end: 'aborted' } : { outcome: 'failed' };
    }
    if (response.status === 401) {
      await response.body?.cancel();
      // A 401 to a request without a token is a refusal, not a session ending.
      if (token) options.onUnauthorized?.();
      return { outcome: 'stop', end: 'unauthorized' };
    }
    if (response.status === 429 || response.status === 503) {
      await response.body?.cancel();
      return { outcome: 'retryAfter', ms: retryAfterOf(response) };
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 408) {
      await response.body?.cancel();
      return { outcome: 'stop', end: 'refused' };
    }
    const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream') ?? false;
    if (!response.ok || !isStream || !response.body) {
      await response.body?.cancel();
      return { outcome: 'failed' };
    }

    options.onOpen?.();
    let healthy = false;
    const parser = createParser({
      onEvent(message) {
        healthy = true;
        // The id is the stream's place even when its data cannot be read: a reconnection resumes after it.
        if (message.id !== undefined) lastEventId = message.id;
        let data: Data;
        try {
          data = JSON.parse(message.data) as Data;
        } catch {
          return;
        }
        options.onEvent({ id: message.id, event: message.event, data });
      },
      onComment() {
        healthy = true;
      },
      onRetry(ms) {
        retryHint = ms;
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // The connection dropped mid-stream (or the signal aborted it): handled below.
    } finally {
      reader.releaseLock();
    }
    if (signal.aborted) return { outcome: 'stop', end: 'aborted' };
    return { outcome: 'ended', healthy };
  };

  const backoff = () => {
    const base = retryHint ?? initialDelay;
    const delay = Math.min(maxDelay, base * 2 ** failures);
    failures += 1;
    return Math.round(delay + delay * 0.5 * random());
  };

  while (!signal.aborted) {
    const connection = await connect();
    if (connection.outcome === 'stop') return connection.end;
    if (connection.outcome === 'ended' && connection.healthy) failures = 0;
    const delay =
      connection.outcome === 'retryAfter' && connection.ms !== undefined ? connection.ms : backoff();
    await wait(delay, signal);
  }
  return 'aborted';
}
