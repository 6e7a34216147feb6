import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { Lifecycle } from './lifecycle';

function loggedLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino(stream), lines };
}

describe('the stop, as the server sees it', () => {
  it('tells each listener once when the stop begins, and one registered later at once', () => {
    const lifecycle = new Lifecycle(loggedLines().log);
    const told: string[] = [];
    lifecycle.onStop(() => told.push('first'));
    const unregister = lifecycle.onStop(() => told.push('gone before the stop'));
    unregister();
    expect(lifecycle.isStopping).toBe(false);
    expect(lifecycle.stopping.aborted).toBe(false);

    lifecycle.beginStop();
    lifecycle.beginStop();
    expect(told).toEqual(['first']);
    expect(lifecycle.isStopping).toBe(true);
    expect(lifecycle.stopping.aborted).toBe(true);

    lifecycle.onStop(() => told.push('late'));
    expect(told).toEqual(['first', 'late']);
  });

  it('logs a listener that fails, and still tells the others', () => {
    const { log, lines } = loggedLines();
    const lifecycle = new Lifecycle(log);
    const told: string[] = [];
    lifecycle.onStop(() => {
      throw new Error('the stream was already gone');
    });
    lifecycle.onStop(() => told.push('second'));
    lifecycle.beginStop();
    expect(told).toEqual(['second']);
    expect(lines).toMatchObject([{ level: 50, msg: 'a stop listener failed' }]);
  });

  it('begins when the app closes: readiness answers 503 from then', async () => {
    const app = await createTestApp();
    const told: string[] = [];
    app.lifecycle.onStop(() => told.push('stream ended'));
    const ready = await app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(ready.statusCode).toBe(200);

    app.lifecycle.beginStop();
    const stopping = await app.inject({ method: 'GET', url: '/api/v1/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ msg: 'Not ready: this instance is stopping' });
    expect(told).toEqual(['stream ended']);
    await app.close();

    const other = await createTestApp();
    const alsoTold: string[] = [];
    other.lifecycle.onStop(() => alsoTold.push('told by close()'));
    await other.close();
    expect(alsoTold).toEqual(['told by close()']);
  });
});
