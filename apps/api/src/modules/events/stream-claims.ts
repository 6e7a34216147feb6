import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/database';
import { streamsPerAccount } from './streams';

/** One of an account's `streamsPerAccount` places, held by one of its streams while it is open. */
export type StreamClaim = { release(): void };

/**
 * The places of every account's streams, counted across all the instances on one database: an
 * account holds at most `streamsPerAccount` streams at once, wherever they are open.
 */
export type StreamClaims = {
  /** Claims a free place of the account's; null when every one is held, on any instance. */
  claim(userId: string): Promise<StreamClaim | null>;
  /** Lets every place this instance holds go (it stops; its streams end). */
  close(): Promise<void>;
};

/** How the claims connection shows in `pg_stat_activity`. */
export const streamClaimsApplicationName = 'ledgerline event stream claims';

/**
 * The advisory lock of one place: 60 bits of a digest of the account's id, then 3 bits of the place
 * (one 64-bit key; two accounts share their places only if 60 bits of their digests agree).
 */
function placeKey(userId: string, place: number): string {
  const digest = createHash('sha256').update(`event-stream:${userId}`).digest();
  return (((digest.readBigUInt64BE(0) >> 4n) << 3n) | BigInt(place)).toString();
}

/**
 * On PostgreSQL each place is a session advisory lock, taken with `pg_try_advisory_lock` on a
 * connection this instance keeps for it: a taken lock is a held place, whichever instance holds it,
 * and it is let go when its stream ends, or with the connection when the instance goes, even
 * unannounced (a crash), so no place outlives its stream. A connection lost while the instance runs
 * took its places with it: `lost` is called, and ends this instance's streams, which come back and
 * claim again. (Session locks, like `LISTEN`, need a direct connection, not a pooler's transaction
 * mode.)
 */
class PostgresStreamClaims implements StreamClaims {
  readonly #config: pg.ClientConfig;
  readonly #log: FastifyBaseLogger;
  readonly #lost: () => void;
  #connecting: Promise<pg.Client> | null = null;
  #client: pg.Client | null = null;
  /** The places this connection holds or is asking for, by key. */
  readonly #held = new Set<string>();
  #closed = false;

  constructor(config: pg.ClientConfig, log: FastifyBaseLogger, lost: () => void) {
    this.#config = config;
    this.#log = log;
    this.#lost = lost;
  }

  async claim(userId: string): Promise<StreamClaim | null> {
    const client = await this.#connect();
    for (let place = 0; place < streamsPerAccount; place++) {
      const key = placeKey(userId, place);
      // A session's advisory locks are re-entrant: asked again on this connection, a place held
      // here would be granted again. So the places held here are skipped, and marked before asking.
      if (this.#held.has(key)) continue;
      this.#held.add(key);
      let taken: boolean;
      try {
        const { rows } = await client.query<{ taken: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS taken',
          [key],
        );
        taken = rows[0]?.taken === true;
      } catch (error) {
        if (this.#client === client) this.#held.delete(key);
        throw error;
      }
      if (this.#client !== client) throw new Error('the stream claims connection was lost while claiming');
      if (taken) return this.#claimOf(client, key);
      this.#held.delete(key);
    }
    return null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    this.#connecting = null;
    this.#held.clear();
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }

  #claimOf(client: pg.Client, key: string): StreamClaim {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        // A lost connection let its places go already; the key may be held anew on the next one.
        if (this.#client !== client) return;
        this.#held.delete(key);
        client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch((error: unknown) => {
          this.#log.warn({ err: error }, 'an event stream could not let its place go');
        });
      },
    };
  }

  #connect(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error('the stream claims are closed'));
    this.#connecting ??= this.#open().catch((error: unknown) => {
      this.#connecting = null;
      throw error;
    });
    return this.#connecting;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({
      ...this.#config,
      keepAlive: true,
      application_name: streamClaimsApplicationName,
    });
    client.on('error', (error) => this.#drop(client, error));
    client.on('end', () => this.#drop(client, new Error('the stream claims connection ended')));
    try {
      await client.connect();
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw new Error('the stream claims are closed');
    }
    this.#client = client;
    return client;
  }

  #drop(client: pg.Client, error: unknown) {
    if (this.#client !== client) return;
    this.#client = null;
    this.#connecting = null;
    this.#held.clear();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#log.warn({ err: error }, 'the stream claims connection was lost; this instance ends its streams');
    this.#lost();
  }
}

/** The places held on each embedded database, by account: every app on it (in this process) shares them. */
const embeddedPlaces = new WeakMap<Database, Map<string, number>>();

/**
 * On the embedded database (PGlite) every instance is in this process, the database's own: the
 * places are counted here, per database.
 */
function inProcessClaims(db: Database): StreamClaims {
  let held = embeddedPlaces.get(db);
  if (!held) {
    held = new Map();
    embeddedPlaces.set(db, held);
  }
  const places = held;
  return {
    async claim(userId) {
      const count = places.get(userId) ?? 0;
      if (count >= streamsPerAccount) return null;
      places.set(userId, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (places.get(userId) ?? 1) - 1;
          if (left > 0) places.set(userId, left);
          else places.delete(userId);
        },
      };
    },
    async close() {},
  };
}

/**
 * The stream places of the database `db` runs on: advisory locks on PostgreSQL (a connection of
 * their own, made from the pool's settings), counts in this process on the embedded database.
 * `lost` ends this instance's streams, when the PostgreSQL connection holding their places is lost.
 */
export function streamClaims(db: Database, log: FastifyBaseLogger, lost: () => void): StreamClaims {
  // The query builder keeps the driver's client: a node-postgres pool on PostgreSQL.
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return new PostgresStreamClaims(client.options, log, lost);
  return inProcessClaims(db);
}
