import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../../errors/database-errors.ts';
import {
  type ChangeNotifications,
  type ChangeRow,
  findCurrentVersion,
  findLastChangeAt,
  listChangesSince,
  listenForChanges,
} from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';

export type ChangeListener = (changes: readonly ChangeRow[]) => void;

const SWEEP_EVERY_MS = 5_000;
const RECONNECT_AFTER_MS = 1_000;

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
  readonly #reading = new Map<string, Promise<void>>();
  #notifications: ChangeNotifications | undefined;
  #sweep: NodeJS.Timeout | undefined;
  #stopped = false;
  #reconnecting = false;

  constructor(db: Db, databaseUrl: string, log: Logger) {
    this.#db = db;
    this.#url = databaseUrl;
    this.#log = log;
  }

  async start(): Promise<void> {
    await this.#listen();
    this.#sweep = setInterval(() => {
      for (const customerId of this.#listeners.keys()) void this.#catchUp(customerId);
    }, SWEEP_EVERY_MS);
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

  /** One read at a time per customer; a read asked for meanwhile runs right after. */
  #catchUp(customerId: string): Promise<void> {
    const previous = this.#reading.get(customerId) ?? Promise.resolve();
    const next = previous
      .then(() => this.#read(customerId))
      .catch((error: unknown) => {
        // An outage is expected and retried (the sweep, the reconnect): one short line, no stack (FND-20).
        if (isDatabaseUnavailable(error))
          this.#log.warn({ customerId }, 'reading changes failed: database unavailable');
        else this.#log.error({ err: error, customerId }, 'reading changes failed');
      });
    this.#reading.set(customerId, next);
    void next.finally(() => {
      if (this.#reading.get(customerId) === next) this.#reading.delete(customerId);
    });
    return next;
  }

  async #read(customerId: string): Promise<void> {
    for (;;) {
      const after = this.#seen.get(customerId);
      const listeners = this.#listeners.get(customerId);
      if (after === undefined || !listeners) return;
      const rows = await listChangesSince(this.#db, customerId, after);
      if (rows.length === 0) return;
      this.#seen.set(customerId, rows.at(-1)?.version ?? after);
      for (const listener of listeners) listener(rows);
      if (rows.length < 1000) return;
    }
  }
}
