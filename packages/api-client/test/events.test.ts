/// <reference types="node" />
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EventStreamOptions, readEventStream, type StreamedEvent } from '@ledgerline/api-client';
import { afterEach, describe, expect, it } from 'vitest';

type Reviewed = { type: string; amount: number };

/** What the test server does with its n-th request (0 first): write to `res`, end it or keep it open. */
type Answer = (res: ServerResponse, n: number, headers: IncomingHttpHeaders) => void;

const servers: { close: () => void }[] = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A real SSE server on 127.0.0.1, answering each request with the next of `answers` (the last repeats). */
async function sseServer(answers: Answer[]) {
  const requests: IncomingHttpHeaders[] = [];
  const open = new Set<ServerResponse>();
  const closed: number[] = [];
  const server = createServer((req, res) => {
    const n = requests.length;
    requests.push(req.headers);
    open.add(res);
    res.on('close', () => {
      open.delete(res);
      closed.push(n);
    });
    const answer = answers[Math.min(n, answers.length - 1)];
    answer?.(res, n, req.headers);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  servers.push({
    close: () => {
      for (const res of open) res.destroy();
      server.close();
    },
  });
  return { url: `http://127.0.0.1:${port}/api/v1/events`, requests, closed };
}

function streamHead(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.flushHeaders();
}

function event(id: number, data: unknown) {
  return `id: ${id}\nevent: deposit.reviewed\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** Resolves once `condition` holds, checking after each event loop turn; fails after 10 s. */
async function until(condition: () => boolean) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 10_000) throw new Error('The condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Reads the stream with waits that are recorded and resolve at once, so backoff costs no time. */
function read(url: string, overrides: Partial<EventStreamOptions<Reviewed>> = {}) {
  const controller = new AbortController();
  const events: StreamedEvent<Reviewed>[] = [];
  const waits: number[] = [];
  let unauthorized = 0;
  const ended = readEventStream<Reviewed>({
    url,
    getToken: () => 'token-1',
    onEvent: (received) => {
      events.push(received);
    },
    onUnauthorized: () => {
      unauthorized += 1;
    },
    signal: controller.signal,
    random: () => 0,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  return { controller, events, waits, ended, unauthorized: () => unauthorized };
}

describe('readEventStream against a real SSE server', () => {
  it('hands each event’s JSON over in order and ignores heartbeat comments', async () => {
    const server = await sseServer([
      (res) => {
        streamHead(res);
        res.write(': heartbeat\n\n');
        res.write(event(1, { type: 'deposit.reviewed', amount: 250 }));
        // One event split across writes, and a heartbeat between events.
        res.write('id: 2\nevent: deposit.reviewed\nda');
        res.write('ta: {"type":"deposit.reviewed","amount":12.5}\n\n: heartbeat\n\n');
        res.write(event(3, { type: 'withdrawal.reviewed', amount: 100 }));
      },
    ]);
    const stream = read(server.url);

    await until(() => stream.events.length === 3);
    expect(stream.events.map((received) => [received.id, received.data.amount])).toEqual([
      ['1', 250],
      ['2', 12.5],
      ['3', 100],
    ]);
    expect(stream.events[0]?.event).toBe('deposit.reviewed');
    expect(server.requests[0]?.authorization).toBe('Bearer token-1');
    expect(server.requests[0]?.accept).toBe('text/event-stream');
    expect(server.requests[0]?.['last-event-id']).toBeUndefined();

    stream.controller.abort();
    await expect(stream.ended).resolves.toBe('aborted');
  });

  it('reconnects after the server drops the connection, resuming from the last event read', async () => {
    const server = await sseServer([
      (res) => {
        streamHead(res);
        res.write(event(41, { type: 'deposit.reviewed', amount: 1 }));
        res.end(event(42, { type: 'deposit.reviewed', amount: 2 }));
      },
      (res) => {
        streamHead(res);
        res.write(event(43, { type: 'deposit.reviewed', amount: 3 }));
      },
    ]);
    const stream = read(server.url);

    await until(() => stream.events.length === 3);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.['last-event-id']).toBe('42');
    expect(stream.events.map((received) => received.id)).toEqual(['41', '42', '43']);
    expect(stream.waits).toEqual([1000]);
    stream.controller.abort();
    await stream.ended;
  });

  it('waits as long as the server’s retry: hint says before reconnecting', async () => {
    const server = await sseServer([
      (res) => {
        streamHead(res);
        res.end(`retry: 3000\n${event(7, { type: 'deposit.reviewed', amount: 5 })}`);
      },
      (res) => streamHead(res),
    ]);
    const stream = read(server.url);

    await until(() => server.requests.length === 2);
    expect(stream.waits).toEqual([3000]);
    expect(server.requests[1]?.['last-event-id']).toBe('7');
    stream.controller.abort();
    await stream.ended;
  });

  it('backs off exponentially with jitter while attempts fail, and starts over after a healthy one', async () => {
    const unavailable: Answer = (res) => {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{"msg":"Service unavailable"}');
    };
    const healthyThenDropped: Answer = (res) => {
      streamHead(res);
      res.end(': heartbeat\n\n');
    };
    const server = await sseServer([
      unavailable,
      unavailable,
      unavailable,
      healthyThenDropped,
      unavailable,
      (res) => streamHead(res),
    ]);
    // Jitter adds up to half again: with random() at 0.5, a quarter of the delay.
    const stream = read(server.url, { random: () => 0.5, maxDelay: 3000 });

    await until(() => server.requests.length === 6);
    expect(stream.waits).toEqual([1250, 2500, 3750, 1250, 2500]);
    stream.controller.abort();
    await stream.ended;
  });

  it.each([
    [429, 'Too many streams are open for this account'],
    [503, 'Live updates are busy right now. Trying again in a moment.'],
  ])('waits out a %i’s Retry-After', async (status, msg) => {
    const server = await sseServer([
      (res) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Retry-After': '7' });
        res.end(JSON.stringify({ msg }));
      },
      (res) => streamHead(res),
    ]);
    const stream = read(server.url);

    await until(() => server.requests.length === 2);
    expect(stream.waits).toEqual([7000]);
    stream.controller.abort();
    await stream.ended;
  });

  it('stops for good on 401 and reports the session’s end', async () => {
    const server = await sseServer([
      (res) => {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end('{"msg":"Your session has ended"}');
      },
    ]);
    const stream = read(server.url);

    await expect(stream.ended).resolves.toBe('unauthorized');
    expect(stream.unauthorized()).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(stream.waits).toEqual([]);
  });

  it('stops when the signal aborts, closing the open connection', async () => {
    const server = await sseServer([
      (res) => {
        streamHead(res);
        res.write(event(1, { type: 'deposit.reviewed', amount: 1 }));
      },
    ]);
    const stream = read(server.url);
    await until(() => stream.events.length === 1);

    stream.controller.abort();
    await expect(stream.ended).resolves.toBe('aborted');
    await until(() => server.closed.includes(0));
    expect(server.requests).toHaveLength(1);
  });

  it('stops during a wait when the signal aborts', async () => {
    const server = await sseServer([
      (res) => {
        res.writeHead(503);
        res.end();
      },
    ]);
    const controller = new AbortController();
    const stream = read(server.url, {
      signal: controller.signal,
      wait: async () => {
        controller.abort();
      },
    });

    await expect(stream.ended).resolves.toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });

  it('skips an event whose data is not JSON and reads on', async () => {
    const server = await sseServer([
      (res) => {
        streamHead(res);
        res.write(event(1, '{"type":"deposit.reviewed","amount":'));
        res.write(event(2, { type: 'deposit.reviewed', amount: 2 }));
        res.end();
      },
      (res) => streamHead(res),
    ]);
    const stream = read(server.url);

    await until(() => server.requests.length === 2);
    expect(stream.events.map((received) => received.id)).toEqual(['2']);
    expect(server.requests[1]?.['last-event-id']).toBe('2');
    stream.controller.abort();
    await stream.ended;
  });

  it('retries an answer that is not an event stream, such as a proxy’s error page', async () => {
    const server = await sseServer([
      (res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<p>Bad gateway</p>');
      },
      (res) => {
        streamHead(res);
        res.write(event(1, { type: 'deposit.reviewed', amount: 1 }));
      },
    ]);
    const stream = read(server.url);

    await until(() => stream.events.length === 1);
    expect(stream.waits).toEqual([1000]);
    stream.controller.abort();
    await stream.ended;
  });
});
