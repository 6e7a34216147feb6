import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** One message of a `text/event-stream`: an event (id, name, data), a comment, or a `retry:` hint. */
export type StreamMessage = {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
};

/** Parses one block of lines (between blank lines) of a `text/event-stream`. */
function parseBlock(block: string): StreamMessage {
  const message: StreamMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comment = line.slice(1).trim();
    const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
    if (match?.[1]) message[match[1] as 'id' | 'event' | 'data' | 'retry'] = match[2] ?? '';
  }
  return message;
}

/** An event stream read over a real connection, as a browser reads it. */
export type OpenedStream = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of an answer that is not a stream (a 401, a 429). */
  text: string;
  /** Every message read so far. */
  messages: StreamMessage[];
  /** Waits (up to `timeoutMs`) until a message read so far matches; answers it. */
  waitFor(match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the stream has ended, from either side. */
  ended: Promise<void>;
  /** Leaves the stream: its connection is closed, as when a page goes. */
  close(): void;
};

/**
 * Opens `GET /api/v1/events` on a listening app (`baseUrl`, e.g. http://127.0.0.1:port) with the
 * bearer token, and reads its messages as they come. (node:http rather than fetch: fetch's pool
 * keeps a connection of its own open after a stream is aborted, which would hold the app's close.)
 */
export async function openEventStream(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<OpenedStream> {
  const request = get(`${baseUrl}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    agent: false,
  });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => undefined);
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const status = response.statusCode ?? 0;
  const isStream = status === 200;
  let text = '';
  let isEnded = false;
  response.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => {
    let buffered = '';
    response.on('data', (chunk: string) => {
      if (!isStream) {
        text += chunk;
        return;
      }
      buffered += chunk;
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        messages.push(parseBlock(buffered.slice(0, end)));
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
      }
      wake();
    });
    const finish = () => {
      isEnded = true;
      wake();
      resolve();
    };
    response.once('end', finish);
    response.once('close', finish);
    response.once('error', finish);
  });
  if (!isStream) await ended;

  return {
    status,
    headers: response.headers,
    text,
    messages,
    ended,
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            cleanUp();
            resolve(found);
          } else if (isEnded) {
            cleanUp();
            reject(
              new Error(`the stream ended without the awaited message; it sent ${JSON.stringify(messages)}`),
            );
          }
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(
            new Error(
              `no awaited message within ${timeoutMs} ms; the stream sent ${JSON.stringify(messages)}`,
            ),
          );
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => request.destroy(),
  };
}

/** The events (not comments or hints) of a stream read so far, with their data parsed. */
export function eventsOf(
  stream: OpenedStream,
): Array<{ id: string; event: string; data: Record<string, unknown> }> {
  return stream.messages
    .filter((message) => message.data !== undefined)
    .map((message) => ({
      id: message.id ?? '',
      event: message.event ?? '',
      data: JSON.parse(message.data ?? 'null') as Record<string, unknown>,
    }));
}

/**
 * Injects a request to an operation that may answer a stream that stays open (`GET /events`): once
 * the answer's head is written, a stream is ended from the client's side (as a browser leaving the
 * page) and answered with an empty body; any other answer is read whole. Answers as `app.inject`
 * does, for `expectContract`.
 */
export async function injectUntilHead(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const isStream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  if (isStream) {
    (response.raw.res as { destroy(): void }).destroy();
    return { statusCode: response.statusCode, headers: response.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Buffer));
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: Buffer.concat(chunks).toString(),
  };
}
