import type { ChangeRow } from '../../store/change-log.ts';
import type { ShareRead } from './build-rows.ts';

/** Changes of the patient flow: each forgets only the kept reads that depend on it; any other change forgets them all. */
const FLOW_ENTITIES: ReadonlySet<string> = new Set([
  'visit',
  'expected_visit',
  'call',
  'message',
  'asset',
  'device',
  'device_presence',
]);

/**
 * The reads kept between changes (LIVE-33, LIVE-36), and the changes of the patient flow that
 * alter each: the customer's voice and a board's phases none (only the care setting does), its
 * messages a message, its PAR counts an asset (moved, or its tag seen elsewhere), its visits, calls,
 * stays and staff (a scope's flow) a visit or a call, its expected patients an expected patient (an
 * arrival records both, LIVE-63). A device (or its presence) changes no read. Keys of no kind here are never kept.
 */
const KEPT_READS: readonly { readonly key: RegExp; readonly alteredBy: ReadonlySet<string> }[] = [
  { key: /^(voice$|phases )/, alteredBy: new Set() },
  { key: /^messages$/, alteredBy: new Set(['message']) },
  { key: /^par /, alteredBy: new Set(['asset']) },
  { key: /^(flow|calls) /, alteredBy: new Set(['visit', 'call']) },
  { key: /^expected /, alteredBy: new Set(['expected_visit']) },
];

/**
 * A refresh tick's version (refresh-clocks.ts), and a board's start (LIVE-34): they read the kept
 * reads again, and keep the new ones. A board starting reads afresh, since what its customer's
 * kept reads missed while no board of it was here was heard by nobody.
 */
const FRESH_VERSION = /^(refresh|start):/;

/**
 * A board's start: a read kept from a start at the same version of the customer was made after that
 * version, and every change after it reaches the boards starting from it (and forgets what it alters),
 * so they share the read however far apart their reads fall (LIVE-52). A tick's number starts again
 * with its clock, so a tick always reads afresh.
 */
const START_VERSION = /^start:/;

interface Kept {
  readonly read: Promise<unknown>;
  readonly alteredBy: ReadonlySet<string>;
  /** The change it was read for. */
  readonly version: string;
}

/**
 * Reads in flight, by customer, the change they are read for, and what they read (LIVE-22):
 * boards evaluating the same change of a customer start their reads together and share them;
 * an entry goes as soon as its read is answered, so a later change (another version in the key)
 * reads afresh. Except the kept reads (LIVE-33, LIVE-36): a read one of `KEPT_READS` names is
 * kept until a change that may alter it reaches this node (`noteChanges`, which every board
 * publisher calls with the changes it hears before it evaluates them), and read again on every
 * refresh tick, so one kept too long by a change that did not say so lasts at most until the next
 * tick (30 s). A customer's kept reads go when its last board here does (`forget`).
 */
export class SharedReads {
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** customer → kept read key → its read. */
  readonly #kept = new Map<string, Map<string, Kept>>();
  /** Batches noted already: every board of the customer hears the same one (LIVE-38). */
  readonly #noted = new WeakSet<readonly object[]>();

  /** A customer's changes reached this node: forgets the kept reads they may alter. */
  noteChanges(customerId: string, rows: readonly Pick<ChangeRow, 'entity'>[]): void {
    if (this.#noted.has(rows)) return;
    this.#noted.add(rows);
    const kept = this.#kept.get(customerId);
    if (!kept) return;
    const entities = new Set(rows.map((row) => row.entity));
    if ([...entities].some((entity) => !FLOW_ENTITIES.has(entity))) {
      this.#kept.delete(customerId);
      return;
    }
    for (const [key, { alteredBy }] of kept)
      if ([...entities].some((entity) => alteredBy.has(entity))) kept.delete(key);
  }

  /** No board of the customer is left on this node: nothing hears its changes, so nothing of it is kept. */
  forget(customerId: string): void {
    this.#kept.delete(customerId);
  }

  /** The sharing for one customer's change: `version` is the newest change of the batch evaluated. */
  forChange(customerId: string, version: string): ShareRead {
    return <T>(key: string, read: () => Promise<T>): Promise<T> => {
      const kind = KEPT_READS.find((each) => each.key.test(key));
      if (!kind) return this.#shared(customerId, version, key, read);
      let kept = this.#kept.get(customerId);
      const known = kept?.get(key);
      const fresh = FRESH_VERSION.test(version);
      if (known && (!fresh || (START_VERSION.test(version) && known.version === version)))
        return known.read as Promise<T>;
      const made = this.#shared(customerId, version, key, read);
      if (!kept) {
        kept = new Map();
        this.#kept.set(customerId, kept);
      }
      const keptFor = kept;
      const entry: Kept = { read: made, alteredBy: kind.alteredBy, version };
      keptFor.set(key, entry);
      // A failed read is not kept: the next change reads again.
      made.catch(() => {
        if (keptFor.get(key) === entry) keptFor.delete(key);
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
