import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../errors/database-errors.ts';
import {
  type ChangeNotifications,
  type ChangeRow,
  findCurrentVersion,
  findLastChangesAt,
  listChangesOfCustomersSince,
  listenForChanges,
} from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import { gatheredLoader } from '../../store/gathered-loader.ts';

export type ChangeListener = (changes: readonly ChangeRow[]) => void;

/** A listener's place in the feed: the version its changes start after, and how it leaves. */
export interface Following {
  readonly version: string;
  readonly unsubscribe: () => void;
}

interface FollowedCustomer {
  readonly listeners: Set<ChangeListener>;
  /** The customer's current version, read when the first listener came: later ones wait for it. */
  first: Promise<void>;
}

const SWEEP_EVERY_MS = 5_000;
const RECONNECT_AFTER_MS = 1_000;
/** Rows read per customer at a time. */
const READ_LIMIT = 1000;

/**
 * Each node's view of committed changes. NOTIFY (sent by the writing
 * transaction, delivered on commit) wakes it; `change_log` is the truth, read
 * from the last version seen per customer, so a lost notification is caught by
 * the next one or by the sweep. Listeners get each change once, in version order.
 */
export class ChangeFeed {
  readonly #db: Db;
  readonly #url: string;
  readonly #log: Logger;
  readonly #customers = new Map<string, FollowedCustomer>();
  readonly #seen = new Map<string, string>();
  /** Customers notified since the last read began. */
  readonly #due = new Set<string>();
  /** Customers notified while their first version was being read: read once it is known (LIVE-58). */
  readonly #notifiedEarly = new Set<string>();
  #reader: Promise<void> | undefined;
  #notifications: ChangeNotifications | undefined;
  #sweep: NodeJS.Timeout | undefined;
  #stopped = false;
  #reconnecting = false;
  readonly #lastChanges: (board: { customerId: string; boardId: number }) => Promise<Date | null>;

  readonly #sweepEveryMs: number;

  /** `sweepEveryMs`: how often every customer is read without a notification (a lost one is caught then). */
  constructor(db: Db, databaseUrl: string, log: Logger, sweepEveryMs = SWEEP_EVERY_MS) {
    this.#db = db;
    this.#url = databaseUrl;
    this.#log = log;
    this.#sweepEveryMs = sweepEveryMs;
    this.#lastChanges = gatheredLoader(
      async (boards: readonly { customerId: string; boardId: number }[]) => {
        const found = await findLastChangesAt(db, boards);
        return boards.map(({ customerId, boardId }) => found.get(`${boardId}@${customerId}`) ?? null);
      },
      ({ customerId, boardId }) => `${boardId}@${customerId}`,
    );
  }

  async start(): Promise<void> {
    await this.#listen();
    this.#sweep = setInterval(() => {
      for (const customerId of this.#customers.keys()) void this.#catchUp(customerId);
    }, this.#sweepEveryMs);
    this.#sweep.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#sweep);
    await this.#notifications?.close().catch(() => undefined);
  }

  /** The newest version committed for a customer. */
  currentVersion(customerId: string): Promise<string> {
    return findCurrentVersion(this.#db, customerId);
  }

  /**
   * When the newest change that may touch a board was committed, or null: a
   * board that starts (a restart, a first viewer) shows the time of its last
   * change at once, not only after the next one. The asks of a few milliseconds
   * are answered by one query (LIVE-34).
   */
  lastChangeAt(customerId: string, boardId: number): Promise<Date | null> {
    return this.#lastChanges({ customerId, boardId });
  }

  /** Changes of one customer from now on; returns the unsubscribe. */
  async subscribe(customerId: string, listener: ChangeListener): Promise<() => void> {
    return (await this.follow(customerId, listener)).unsubscribe;
  }

  /**
   * Changes of one customer from now on, and the version they start after: every change after
   * it reaches the listener, and none before it was committed later than the answer. Where the
   * node already follows the customer this is the version it has read up to, with no query: the
   * boards starting together after a restart ask it once per customer, not once each (LIVE-34).
   */
  async follow(customerId: string, listener: ChangeListener): Promise<Following> {
    let customer = this.#customers.get(customerId);
    if (!customer) {
      const created: FollowedCustomer = { listeners: new Set(), first: Promise.resolve() };
      created.first = this.currentVersion(customerId).then(
        (version) => {
          if (this.#customers.get(customerId) !== created) return;
          this.#seen.set(customerId, version);
          // A change committed after that read's snapshot may have been notified before its answer
          // came: it is after the version, and nothing else would read it until the sweep (LIVE-58).
          if (this.#notifiedEarly.delete(customerId)) this.#catchUp(customerId);
        },
        (error: unknown) => {
          // Not followed after all (the database away): the next follow asks again.
          if (this.#customers.get(customerId) === created) this.#customers.delete(customerId);
          this.#notifiedEarly.delete(customerId);
          throw error;
        },
      );
      customer = created;
      this.#customers.set(customerId, customer);
    }
    const { listeners } = customer;
    listeners.add(listener);
    const unsubscribe = () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#customers.get(customerId) === customer) {
        this.#customers.delete(customerId);
        this.#seen.delete(customerId);
        this.#notifiedEarly.delete(customerId);
      }
    };
    try {
      await customer.first;
    } catch (error) {
      unsubscribe();
      throw error;
    }
    const version = this.#seen.get(customerId);
    if (version === undefined) {
      unsubscribe();
      throw new Error('The change feed stopped following the customer.');
    }
    return { version, unsubscribe };
  }

  async #listen(): Promise<void> {
    this.#notifications = await listenForChanges(this.#url, {
      onChange: (notice) => {
        const { customerId, committed } = notice;
        if (!this.#customers.has(customerId)) return;
        if (!this.#seen.has(customerId)) {
          this.#notifiedEarly.add(customerId);
          return;
        }
        // The rows right after the ones this node has: no read (LIVE-35). Anything else (rows
        // that did not fit, a notification missed or not yet applied before them): read them.
        if (committed && this.#seen.get(customerId) === committed.after)
          this.#deliver(customerId, committed.rows);
        else this.#catchUp(customerId);
      },
      onError: (error) => {
        this.#log.warn({ err: error }, 'change feed connection lost; reconnecting');
        void this.#reconnect();
      },
    });
  }

  async #reconnect(): Promise<void> {
    // One loop at a time: a lost connection may report more than one error.
    if (this.#reconnecting) return;
    this.#reconnecting = true;
    const lost = this.#notifications;
    this.#notifications = undefined;
    await lost?.close().catch(() => undefined);
    try {
      while (!this.#stopped) {
        await sleep(RECONNECT_AFTER_MS);
        try {
          await this.#listen();
          for (const customerId of this.#customers.keys()) void this.#catchUp(customerId);
          return;
        } catch (error) {
          // Once a second while the database is away: the reason, not a stack each time.
          this.#log.warn({ reason: (error as Error).message }, 'change feed reconnect failed');
        }
      }
    } finally {
      this.#reconnecting = false;
    }
  }

  /** One read at a time, of every customer notified meanwhile (LIVE-27); a read asked for meanwhile runs right after. */
  #catchUp(customerId: string): void {
    this.#due.add(customerId);
    this.#reader ??= this.#readWhileDue().finally(() => {
      this.#reader = undefined;
    });
  }

  async #readWhileDue(): Promise<void> {
    while (this.#due.size > 0) {
      const since = new Map<string, string>();
      for (const customerId of this.#due) {
        const after = this.#seen.get(customerId);
        if (after !== undefined && this.#customers.has(customerId)) since.set(customerId, after);
      }
      this.#due.clear();
      try {
        await this.#read(since);
      } catch (error) {
        // An outage is expected and retried (the sweep, the reconnect): one short line, no stack (FND-20).
        if (isDatabaseUnavailable(error))
          this.#log.warn({ customers: since.size }, 'reading changes failed: database unavailable');
        else this.#log.error({ err: error, customers: since.size }, 'reading changes failed');
      }
    }
  }

  async #read(since: ReadonlyMap<string, string>): Promise<void> {
    const rows = await listChangesOfCustomersSince(this.#db, since, READ_LIMIT);
    const byCustomer = new Map<string, ChangeRow[]>();
    for (const row of rows) {
      const list = byCustomer.get(row.customer_id) ?? [];
      list.push(row);
      byCustomer.set(row.customer_id, list);
    }
    for (const [customerId, list] of byCustomer) {
      const listeners = this.#customers.get(customerId)?.listeners;
      // Unsubscribed meanwhile, or further already (a notification's rows): not these rows.
      if (!listeners || this.#seen.get(customerId) !== since.get(customerId)) continue;
      this.#deliver(customerId, list);
      // A full page: there may be more.
      if (list.length >= READ_LIMIT) this.#due.add(customerId);
    }
  }

  /** The customer's next rows, in version order: every listener gets them once, and the node is past them. */
  #deliver(customerId: string, rows: readonly ChangeRow[]): void {
    const listeners = this.#customers.get(customerId)?.listeners;
    const last = rows.at(-1);
    if (!listeners || !last) return;
    this.#seen.set(customerId, last.version);
    for (const listener of listeners) listener(rows);
  }
}
