import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work that runs after the answer is sent, such as the reset mail of `POST /auth/forgot-password`:
 * the answer then takes the same time whether or not the account exists. The server waits for it
 * when it closes, so a graceful shutdown loses no mail.
 */
export class DeferredWork {
  readonly #pending = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.#log.error({ err: error }, `${name} failed`))
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /**
   * Runs `work` once the answer has gone out (or the client has gone), on a later turn of the event
   * loop: an embedded database query would otherwise hold the event loop before the answer leaves.
   */
  runAfterAnswer(reply: FastifyReply, name: string, work: () => Promise<void>): void {
    const answered = new Promise<void>((resolve) => {
      const later = () => setImmediate(resolve);
      reply.raw.once('finish', later);
      reply.raw.once('close', later);
    });
    this.run(name, () => answered.then(work));
  }

  /** Resolves once every piece of work started so far (and any it started) has finished. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
