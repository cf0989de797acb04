import type { ChangeRow } from '../../store/change-log.ts';
import type { ShareRead } from './build-rows.ts';

/**
 * Reads only a change of the care setting alters (the customer's name and locale, a board's
 * phases): kept between changes of the patient flow (LIVE-33).
 */
const STEADY_READ = /^(voice$|phases )/;
/** Changes of the patient flow: they leave the steady reads as they are; any other change forgets them. */
const FLOW_ENTITIES: ReadonlySet<string> = new Set(['visit', 'call', 'message', 'asset', 'device']);
/** A refresh tick's version (refresh-clocks.ts): it reads the steady reads again, and keeps the new ones. */
const REFRESH_VERSION = /^refresh:/;

/**
 * Reads in flight, by customer, the change they are read for, and what they read (LIVE-22):
 * boards evaluating the same change of a customer start their reads together and share them;
 * an entry goes as soon as its read is answered, so nothing is kept past the moment and a
 * later change (another version in the key) always reads afresh. Except the steady reads
 * (LIVE-33): the customer's voice and a board's phases are kept until a change other than the
 * patient flow's reaches this node (`noteChanges`), and read again on every refresh tick, so one
 * kept too long by a change that did not say so lasts at most until the next tick (30 s).
 */
export class SharedReads {
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** customer → steady read key → its read. */
  readonly #steady = new Map<string, Map<string, Promise<unknown>>>();

  /** A customer's changes reached this node: any but the patient flow's forgets its steady reads. */
  noteChanges(customerId: string, rows: readonly Pick<ChangeRow, 'entity'>[]): void {
    if (rows.some((row) => !FLOW_ENTITIES.has(row.entity))) this.#steady.delete(customerId);
  }

  /** The sharing for one customer's change: `version` is the newest change of the batch evaluated. */
  forChange(customerId: string, version: string): ShareRead {
    return <T>(key: string, read: () => Promise<T>): Promise<T> => {
      if (!STEADY_READ.test(key)) return this.#shared(customerId, version, key, read);
      let kept = this.#steady.get(customerId);
      const known = REFRESH_VERSION.test(version) ? undefined : kept?.get(key);
      if (known) return known as Promise<T>;
      const made = this.#shared(customerId, version, key, read);
      if (!kept) {
        kept = new Map();
        this.#steady.set(customerId, kept);
      }
      const keptFor = kept;
      keptFor.set(key, made);
      // A failed read is not kept: the next change reads again.
      made.catch(() => {
        if (keptFor.get(key) === made) keptFor.delete(key);
      });
      return made;
    };
  }

  /** Reads in flight now (for tests). */
  get size(): number {
    return this.#inFlight.size;
  }

  #shared<T>(customerId: string, version: string, key: string, read: () => Promise<T>): Promise<T> {
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
  }
}
