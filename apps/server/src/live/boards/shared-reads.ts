import type { ShareRead } from './build-rows.ts';

/**
 * Reads in flight, by customer, the change they are read for, and what they read (LIVE-22):
 * boards evaluating the same change of a customer start their reads together and share them;
 * an entry goes as soon as its read is answered, so nothing is kept past the moment and a
 * later change (another version in the key) always reads afresh.
 */
export class SharedReads {
  readonly #inFlight = new Map<string, Promise<unknown>>();

  /** The sharing for one customer's change: `version` is the newest change of the batch evaluated. */
  forChange(customerId: string, version: string): ShareRead {
    return <T>(key: string, read: () => Promise<T>): Promise<T> => {
      const full = `${customerId}\u0000${version}\u0000${key}`;
      const shared = this.#inFlight.get(full);
      if (shared) return shared as Promise<T>;
      const made = read();
      this.#inFlight.set(full, made);
      const done = () => {
        if (this.#inFlight.get(full) === made) this.#inFlight.delete(full);
      };
      made.then(done, done);
      return made;
    };
  }

  /** Reads in flight now (for tests). */
  get size(): number {
    return this.#inFlight.size;
  }
}
