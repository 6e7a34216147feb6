/** One event stream open on this instance, as the registry knows it. */
export type OpenStream = {
  userId: string;
  sessionId: string;
  /** Ends the stream (its cleanup follows); with `retryMs`, first tells the client when to come back. */
  end(retryMs?: number): void;
};

/** Streams an account may hold open at once, on all instances together (`stream-claims.ts`). */
export const streamsPerAccount = 5;

/**
 * The event streams open on this instance, by account: how many an account holds here, and which to
 * end when their session is revoked. (The cap across instances is held by `StreamClaims`.)
 */
export class EventStreams {
  readonly #byUser = new Map<string, Set<OpenStream>>();
  /** Places taken on this instance, by client address, from the moment a stream asks until it ends. */
  readonly #byAddress = new Map<string, number>();
  #taken = 0;

  /**
   * Takes one of this instance's places for a stream from `address`, before anything is awaited so
   * that streams asking at once are counted together; answers what refuses it when a cap is reached.
   * The place is let go by the function answered, once.
   */
  take(
    address: string,
    caps: { perAddress: number; perInstance: number },
  ): { release(): void } | 'instance full' | 'address full' {
    if (this.#taken >= caps.perInstance) return 'instance full';
    const atAddress = this.#byAddress.get(address) ?? 0;
    if (atAddress >= caps.perAddress) return 'address full';
    this.#taken++;
    this.#byAddress.set(address, atAddress + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#taken--;
        const left = (this.#byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.#byAddress.set(address, left);
        else this.#byAddress.delete(address);
      },
    };
  }

  /** How many streams the account holds open here. */
  countOf(userId: string): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  /** How many streams are open here in all. */
  get size(): number {
    let count = 0;
    for (const streams of this.#byUser.values()) count += streams.size;
    return count;
  }

  add(stream: OpenStream): void {
    let streams = this.#byUser.get(stream.userId);
    if (!streams) {
      streams = new Set();
      this.#byUser.set(stream.userId, streams);
    }
    streams.add(stream);
  }

  remove(stream: OpenStream): void {
    const streams = this.#byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.#byUser.delete(stream.userId);
  }

  /** Ends the streams that `match` picks (a revoked session's); answers how many. */
  endWhere(match: (stream: OpenStream) => boolean, retryMs?: number): number {
    let ended = 0;
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) {
        if (!match(stream)) continue;
        stream.end(retryMs);
        ended++;
      }
    }
    return ended;
  }
}
