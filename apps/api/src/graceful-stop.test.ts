import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { strongPassword, uniqueEmail } from './testing/accounts';
import { testDatabaseUrl } from './testing/database';
import { cleansUpAfterFile } from './testing/processes';
import { type ServerProcess, startServerProcess } from './testing/server-process';

/*
 * The stop of a server process (SIGTERM): readiness answers 503 from its first moment, no new
 * connection is accepted, what is in flight finishes with its normal answer (and the mail that answer
 * promised is sent), then the process exits 0; and no connection keeps it past its grace.
 */

const { children, dirs } = cleansUpAfterFile();

/** `main.ts` as its own process, as production runs it, on this file's database; answers once it serves. */
async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-stop-'));
  dirs.push(dataDir);
  const databaseUrl = await testDatabaseUrl();
  return startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    children,
  );
}

/** A raw HTTP/1.1 connection: requests written in pieces, answers read as they arrive. */
class Connection {
  readonly #socket: Socket;
  #received = Buffer.alloc(0);
  #closed = false;
  #wake: (() => void) | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#wake?.();
    });
    socket.on('close', () => {
      this.#closed = true;
      this.#wake?.();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.#socket.write(text, (error) => (error ? reject(error) : resolve())),
    );
  }

  /** The next whole answer (status line, headers and a Content-Length body). */
  async response(): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    for (;;) {
      const end = this.#received.indexOf('\r\n\r\n');
      if (end !== -1) {
        const [statusLine = '', ...lines] = this.#received.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (this.#received.length >= end + 4 + length) {
          const body = this.#received.subarray(end + 4, end + 4 + length).toString('utf8');
          this.#received = this.#received.subarray(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.#closed) throw new Error(`the connection closed before a whole answer: ${this.#received}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
    }
  }

  /** Resolves when the server has closed the connection. */
  async closed(): Promise<void> {
    while (!this.#closed) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
    }
  }

  destroy(): void {
    this.#socket.destroy();
  }
}

/** A registration's JSON body, and the head of its request (the body follows, in pieces). */
function registration(port: number) {
  const email = uniqueEmail('stopping');
  const body = JSON.stringify({
    fullname: 'Jane Doe',
    email,
    phone: '(555) 123-4567',
    password: strongPassword(),
    country: 'United States',
  });
  const head =
    `POST /api/v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { email, head, body };
}

const readinessRequest = (port: number) => `GET /api/v1/readyz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;

describe('the stop of a server process', () => {
  it('answers readiness with 503 at once, takes no new connection, finishes what is in flight, then exits 0', {
    timeout: 180_000,
  }, async () => {
    const server = await startServer();
    const { port } = server;

    // A load balancer's kept-alive connection: ready before the stop.
    const probe = await Connection.open(port);
    await probe.write(`${readinessRequest(port)}\r\n`);
    const ready = await probe.response();
    expect(ready.status, ready.body).toBe(200);

    // A registration whose body is still arriving when the stop begins.
    const slow = await Connection.open(port);
    const { email, head, body } = registration(port);
    const half = Math.floor(body.length / 2);
    await slow.write(head + body.slice(0, half));
    // The probe's next request has begun arriving too.
    await probe.write(readinessRequest(port));

    server.child.kill('SIGTERM');
    await server.waitFor(/stopping: finishing the requests in flight/);

    // The probe's request, completed now, is told the instance is stopping; its connection closes.
    await probe.write('\r\n');
    const notReady = await probe.response();
    expect(notReady.status).toBe(503);
    expect(JSON.parse(notReady.body)).toEqual({ msg: 'Not ready: this instance is stopping' });
    expect(notReady.headers.connection).toBe('close');
    await probe.closed();

    // New connections are refused (one accepted in the instant before the listener closed is told
    // the instance is stopping).
    for (;;) {
      const attempt = await Connection.open(port).catch((error: NodeJS.ErrnoException) => error);
      if (attempt instanceof Error) {
        expect(attempt.code).toBe('ECONNREFUSED');
        break;
      }
      await attempt.write(`${readinessRequest(port)}\r\n`);
      expect((await attempt.response()).status).toBe(503);
      attempt.destroy();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The registration in flight holds the process.
    expect(server.child.exitCode).toBeNull();

    await slow.write(body.slice(half));
    const created = await slow.response();
    expect(created.status, created.body).toBe(201);
    expect(JSON.parse(created.body)).toEqual({
      msg: 'Account created. Check your email for the verification link.',
    });

    expect(await server.exited, server.output()).toBe(0);
    // The mail the answer promised (the account is made after the answer) went before the process.
    expect(server.output()).toContain(`[outbox] Mail to ${email}`);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });

  it('does not wait past SHUTDOWN_GRACE_SECONDS for a request that never finishes: exits 1', {
    timeout: 180_000,
  }, async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const stuck = await Connection.open(server.port);
    const { head, body } = registration(server.port);
    await stuck.write(head + body.slice(0, 10));

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(1);
    expect(server.output()).toContain('stopping: finishing the requests in flight');
    expect(server.output()).toMatch(/the stop took longer than 1 s: closing the connections still open/);
    await stuck.closed();
  });
});
