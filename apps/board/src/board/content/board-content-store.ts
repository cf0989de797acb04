import type { BoardFrame } from '@careboard/contracts';
import { compareVersions } from './frame-version.ts';

interface KeyedRow {
  readonly key: string;
}

/** Whether what the board shows is live, and since when it is not. */
export interface ContentStatus {
  /** True once a first frame has arrived. */
  readonly loaded: boolean;
  /** True while connected and caught up; false from a drop until the first frame after it. */
  readonly live: boolean;
  /**
   * When the data on screen was last known to be current (ms since the epoch), or
   * null: set when the board goes live (the first frame, a catch-up) and when it
   * stops being live (the drop); shown only while not live.
   */
  readonly dataAsOf: number | null;
  /** When the newest change shown was committed (ISO), from the frames. */
  readonly changedAt: string | null;
}

type Listener = () => void;

/**
 * The rows of the board on screen, kept apart from React so that a change to
 * one row wakes only that row's component: `subscribeRow` per key, `subscribeKeys`
 * only when rows come or go, `subscribeRows` on any change (for derived views such
 * as a legend or a summary). Row objects of unchanged rows keep their identity.
 */
export interface BoardContentStore<R extends KeyedRow> {
  getRow(key: string): R | undefined;
  /** Keys in arrival order; the same array until a row is added or removed. */
  getKeys(): readonly string[];
  /** Every row; the same array until any row changes. */
  getRows(): readonly R[];
  getStatus(): ContentStatus;
  subscribeRow(key: string, listener: Listener): () => void;
  subscribeKeys(listener: Listener): () => void;
  subscribeRows(listener: Listener): () => void;
  subscribeStatus(listener: Listener): () => void;
  /** The last version applied (resubscriptions ask for what came after it). */
  version(): string | null;
  /** Applies a frame; frames not newer than the last one are ignored (a replay after a reconnect). */
  apply(frame: BoardFrame<R>, now?: number): void;
  /** The live connection dropped: the board keeps its rows but they are no longer live. */
  markDisconnected(now?: number): void;
}

export function createBoardContentStore<R extends KeyedRow>(): BoardContentStore<R> {
  const rows = new Map<string, R>();
  let keys: readonly string[] = [];
  let allRows: readonly R[] = [];
  let lastVersion: string | null = null;
  let lastFrameAt = 0;
  let status: ContentStatus = { loaded: false, live: false, dataAsOf: null, changedAt: null };
  const rowListeners = new Map<string, Set<Listener>>();
  const keyListeners = new Set<Listener>();
  const rowsListeners = new Set<Listener>();
  const statusListeners = new Set<Listener>();

  const add = (set: Set<Listener>, listener: Listener) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  const notify = (set: Iterable<Listener>) => {
    for (const listener of [...set]) listener();
  };
  const setStatus = (next: ContentStatus) => {
    if (
      next.loaded === status.loaded &&
      next.live === status.live &&
      next.dataAsOf === status.dataAsOf &&
      next.changedAt === status.changedAt
    ) {
      return;
    }
    status = next;
    notify(statusListeners);
  };

  return {
    getRow: (key) => rows.get(key),
    getKeys: () => keys,
    getRows: () => allRows,
    getStatus: () => status,
    version: () => lastVersion,
    subscribeRow(key, listener) {
      let set = rowListeners.get(key);
      if (!set) {
        set = new Set();
        rowListeners.set(key, set);
      }
      const listeners = set;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) rowListeners.delete(key);
      };
    },
    subscribeKeys: (listener) => add(keyListeners, listener),
    subscribeRows: (listener) => add(rowsListeners, listener),
    subscribeStatus: (listener) => add(statusListeners, listener),

    apply(frame, now = Date.now()) {
      const stale =
        frame.kind === 'changes' && lastVersion !== null && compareVersions(frame.version, lastVersion) <= 0;
      if (!stale) {
        const changed = new Set<string>();
        let membership = false;
        if (frame.kind === 'snapshot') {
          const incoming = new Set(frame.upserts.map((row) => row.key));
          for (const key of rows.keys()) {
            if (!incoming.has(key)) {
              rows.delete(key);
              changed.add(key);
              membership = true;
            }
          }
        }
        for (const row of frame.upserts) {
          if (!rows.has(row.key)) membership = true;
          rows.set(row.key, row);
          changed.add(row.key);
        }
        for (const key of frame.removed) {
          if (rows.delete(key)) {
            changed.add(key);
            membership = true;
          }
        }
        lastVersion = frame.version;
        if (membership) keys = [...rows.keys()];
        if (changed.size > 0) allRows = [...rows.values()];
        for (const key of changed) notify(rowListeners.get(key) ?? []);
        if (membership) notify(keyListeners);
        if (changed.size > 0) notify(rowsListeners);
      }
      // Any frame, even an empty or replayed one, proves the subscription is live and caught up.
      // While live, `dataAsOf` stays put: listeners wake on a change of state, not on every frame.
      setStatus({
        loaded: true,
        live: true,
        dataAsOf: status.live ? status.dataAsOf : now,
        changedAt: frame.changed_at ?? status.changedAt,
      });
      lastFrameAt = now;
    },

    markDisconnected(now = Date.now()) {
      if (!status.live) return;
      // The rows were current until the drop was noticed, at least as of the last frame.
      setStatus({ ...status, live: false, dataAsOf: Math.max(now, lastFrameAt) });
    },
  };
}
