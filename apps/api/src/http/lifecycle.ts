import type { FastifyBaseLogger } from 'fastify';

/**
 * The instance's stop, as the rest of the server sees it.
 *
 * The stop begins when the process is told to stop (SIGTERM or SIGINT, in `main.ts`) or when the app
 * is closed (`app.close()`, as tests do). From that moment readiness answers 503, so load balancers
 * send the instance nothing new; no new connection is accepted; requests in flight finish, and so
 * does the work promised in their answers (`app.deferred`); then the process exits.
 *
 * A long-lived answer (an event stream) would hold the stop until the grace runs out. It registers
 * with `onStop` when it opens, and when told, sends a `retry:` hint (so the client reconnects, to
 * another instance) and ends its response; it unregisters when it ends for any other reason:
 *
 * ```ts
 * const unregister = lifecycle.onStop(() => reply.raw.end('retry: 1000\n\n'));
 * reply.raw.once('close', unregister);
 * ```
 */
export class Lifecycle {
  readonly #stop = new AbortController();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Aborted when the stop begins; for code that takes an AbortSignal. */
  get stopping(): AbortSignal {
    return this.#stop.signal;
  }

  /** Whether the stop has begun. */
  get isStopping(): boolean {
    return this.#stop.signal.aborted;
  }

  /**
   * Calls `listener` once when the stop begins (at once if it has begun already). Returns a function
   * that unregisters it.
   */
  onStop(listener: () => void): () => void {
    // One listener's failure is logged, and stops neither the others nor the stop.
    const guarded = () => {
      try {
        listener();
      } catch (error) {
        this.#log.error({ err: error }, 'a stop listener failed');
      }
    };
    if (this.isStopping) {
      guarded();
      return () => undefined;
    }
    const signal = this.#stop.signal;
    signal.addEventListener('abort', guarded, { once: true });
    return () => signal.removeEventListener('abort', guarded);
  }

  /** Begins the stop (once; later calls change nothing). */
  beginStop(): void {
    this.#stop.abort();
  }
}
