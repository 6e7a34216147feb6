import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What one instance hears of the others: PostgreSQL's `LISTEN`/`NOTIFY`. A writer calls
 * `pg_notify(channel, payload)` in the transaction of its change, so the notification goes out when
 * (and only if) that change commits, to every instance listening, the writer's own included.
 */
export type NotificationHandlers = {
  /** A notification on one of the channels listened to. */
  notified(channel: string, payload: string): void;
  /**
   * The connection was lost and is back: what was notified meanwhile was never heard, so whoever
   * needs it reads it again from the tables.
   */
  reconnected(): void;
  /** The connection failed (it is tried again); for the log. */
  failed(error: unknown): void;
};

export type Listener = { close(): Promise<void> };

/** Waits before trying a lost connection again: 100 ms, doubling up to 5 s. */
const retryDelays = (attempt: number) => Math.min(100 * 2 ** attempt, 5_000);

/**
 * Listens on PostgreSQL with a connection of its own, never one of the pool's: a pooled connection
 * goes back to the pool and its `LISTEN` with it. A lost connection is made again (and `reconnected`
 * called) until `close()`. Resolves once the first connection listens, so a notification committed
 * after that is heard.
 */
export async function listenOnPostgres(
  clientConfig: pg.ClientConfig,
  channels: string[],
  handlers: NotificationHandlers,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...clientConfig, keepAlive: true });
    // The loss of a listening connection ends in one reconnection, however many events announce
    // it; a failure while connecting is the caller's to handle (the promise rejects).
    let lost = false;
    const onLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (client !== next) return;
      client = null;
      if (closed) return;
      handlers.failed(error);
      scheduleReconnect(0);
    };
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('the listening connection ended')));
    next.on('notification', (message) => {
      if (message.payload !== undefined) handlers.notified(message.channel, message.payload);
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Failed half-way: this connection is not kept (the caller tries again, or gives up).
      lost = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (lost) throw new Error('the listening connection was lost while it was being made');
    if (closed) {
      lost = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const scheduleReconnect = (attempt: number) => {
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      connect().then(
        () => {
          if (!closed) handlers.reconnected();
        },
        (error: unknown) => {
          if (closed) return;
          handlers.failed(error);
          scheduleReconnect(attempt + 1);
        },
      );
    }, retryDelays(attempt));
    retry.unref();
  };

  try {
    await connect();
  } catch (error) {
    // No first connection: the caller fails to start, and nothing is tried again behind it.
    closed = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

/** Listens on the embedded PGlite: one connection in this process, which is never lost. */
export async function listenOnPglite(
  client: PGlite,
  channels: string[],
  handlers: NotificationHandlers,
): Promise<Listener> {
  const stops = await Promise.all(
    channels.map((channel) => client.listen(channel, (payload) => handlers.notified(channel, payload))),
  );
  return {
    async close() {
      if (client.closed) return;
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
