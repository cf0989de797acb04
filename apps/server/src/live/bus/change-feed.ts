import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../errors/database-errors.ts';
import {
  type ChangeNotifications,
  type ChangeRow,
  findCurrentVersion,
  findLastChangeAt,
  listChangesOfCustomersSince,
  listenForChanges,
} from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';

export type ChangeListener = (changes: readonly ChangeRow[]) => void;

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
  readonly #listeners = new Map<string, Set<ChangeListener>>();
  readonly #seen = new Map<string, string>();
  /** Customers notified since the last read began. */
  readonly #due = new Set<string>();
  #reader: Promise<void> | undefined;
  #notifications: ChangeNotifications | undefined;
  #sweep: NodeJS.Timeout | undefined;
  #stopped = false;
  #reconnecting = false;

  readonly #sweepEveryMs: number;

  /** `sweepEveryMs`: how often every customer is read without a notification (a lost one is caught then). */
  constructor(db: Db, databaseUrl: string, log: Logger, sweepEveryMs = SWEEP_EVERY_MS) {
    this.#db = db;
    this.#url = databaseUrl;
    this.#log = log;
    this.#sweepEveryMs = sweepEveryMs;
  }

  async start(): Promise<void> {
    await this.#listen();
    this.#sweep = setInterval(() => {
      for (const customerId of this.#listeners.keys()) void this.#catchUp(customerId);
    }, this.#sweepEveryMs);
    this.#sweep.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#sweep);
    await this.#notifications?.close().catch(() => undefined);
  }

  /** The newest version committed for a customer: where a new subscriber starts. */
  currentVersion(customerId: string): Promise<string> {
    return findCurrentVersion(this.#db, customerId);
  }

  /**
   * When the newest change that may touch a board was committed, or null: a
   * board that starts (a restart, a first viewer) shows the time of its last
   * change at once, not only after the next one.
   */
  lastChangeAt(customerId: string, boardId: number): Promise<Date | null> {
    return findLastChangeAt(this.#db, customerId, boardId);
  }

  /** Changes of one customer from now on; returns the unsubscribe. */
  async subscribe(customerId: string, listener: ChangeListener): Promise<() => void> {
    let listeners = this.#listeners.get(customerId);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(customerId, listeners);
      this.#seen.set(customerId, await this.currentVersion(customerId));
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        this.#listeners.delete(customerId);
        this.#seen.delete(customerId);
      }
    };
  }

  async #listen(): Promise<void> {
    this.#notifications = await listenForChanges(this.#url, {
      onChange: (customerId) => {
        if (this.#listeners.has(customerId)) void this.#catchUp(customerId);
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
          for (const customerId of this.#listeners.keys()) void this.#catchUp(customerId);
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
        if (after !== undefined && this.#listeners.has(customerId)) since.set(customerId, after);
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
      const listeners = this.#listeners.get(customerId);
      // Unsubscribed meanwhile, or subscribed again from a newer version: not these rows.
      if (!listeners || this.#seen.get(customerId) !== since.get(customerId)) continue;
      this.#seen.set(customerId, list.at(-1)?.version ?? (since.get(customerId) as string));
      for (const listener of listeners) listener(list);
      // A full page: there may be more.
      if (list.length >= READ_LIMIT) this.#due.add(customerId);
    }
  }
}
