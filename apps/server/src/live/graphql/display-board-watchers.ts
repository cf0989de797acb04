import type { DisplayBoardConfig } from '@careboard/contracts';
import type { ChangeRow } from '../../store/change-log.ts';
import type { FindBoardConfig } from '../boards/board-publisher.ts';
import type { ChangeFeed } from '../bus/change-feed.ts';

type Listener = (config: DisplayBoardConfig | undefined) => void;

interface Watch {
  readonly listeners: Set<Listener>;
  /** The board's config as last read (or being read): what a new subscriber starts with. */
  latest: Promise<DisplayBoardConfig | undefined>;
  /** The config as last read, as JSON: a read that finds the same one again is not sent (LIVE-51). */
  lastJson?: string;
  unsubscribe?: () => void;
}

/** Whether `config` differs from the one last read; it is remembered as the last one read. */
function changed(watch: Watch, config: DisplayBoardConfig | undefined): boolean {
  const json = config === undefined ? undefined : JSON.stringify(config);
  if (json !== undefined && json === watch.lastJson) return false;
  watch.lastJson = json;
  return true;
}

function touchesBoard(rows: readonly ChangeRow[], id: number): boolean {
  return rows.some((row) => row.entity === 'display_board' && row.entity_id === id);
}

/**
 * The displayBoard subscriptions of this node, per board: a change to a board
 * is read once and the same config object goes to every subscriber of it (so
 * its GraphQL result can be shared too), not one read per subscriber; a new
 * subscriber starts from the config last read, not a read of its own (LIVE-20). A read that finds
 * the config it found last time (a change read late, after the next one was committed; or a
 * change that left the config as it was) sends nothing: the screens have it (LIVE-51).
 */
export class DisplayBoardWatchers {
  readonly #feed: ChangeFeed;
  readonly #find: FindBoardConfig;
  readonly #watches = new Map<string, Watch>();

  constructor(feed: ChangeFeed, find: FindBoardConfig) {
    this.#feed = feed;
    this.#find = find;
  }

  /**
   * Calls `listener` with the board's config now, then after each change; with undefined when
   * it is not (or no longer) there, or its read failed (`failed`). Returns the detach.
   */
  attach(
    customerId: string,
    id: number,
    listener: (config: DisplayBoardConfig | undefined) => void,
    failed: (error: unknown) => void,
  ): () => void {
    const key = `${customerId}:${id}`;
    let attached = true;
    const each: Listener = (config) => {
      if (attached) listener(config);
    };
    const watch = this.#join(key, customerId, id, each);
    watch.latest.then(each, (error: unknown) => {
      if (attached) failed(error);
    });
    return () => {
      attached = false;
      this.#leave(key, each);
    };
  }

  #join(key: string, customerId: string, id: number, listener: Listener): Watch {
    let watch = this.#watches.get(key);
    if (!watch) {
      const created: Watch = { listeners: new Set(), latest: Promise.resolve(undefined) };
      watch = created;
      this.#watches.set(key, created);
      // Read once following changes, so a change committed in between is not missed.
      const subscribed = this.#feed.subscribe(customerId, (rows) => {
        if (!touchesBoard(rows, id)) return;
        const next = created.latest.catch(() => undefined).then(() => this.#find(customerId, id));
        created.latest = next;
        next.then(
          (config) => {
            if (!changed(created, config)) return;
            for (const each of created.listeners) each(config);
          },
          () => undefined,
        );
      });
      created.latest = subscribed.then((unsubscribe) => {
        // Everyone left while subscribing.
        if (this.#watches.get(key) !== created) unsubscribe();
        else created.unsubscribe = unsubscribe;
        return this.#find(customerId, id).then((config) => {
          changed(created, config);
          return config;
        });
      });
    }
    watch.listeners.add(listener);
    return watch;
  }

  #leave(key: string, listener: Listener): void {
    const watch = this.#watches.get(key);
    if (!watch) return;
    watch.listeners.delete(listener);
    if (watch.listeners.size === 0) {
      watch.unsubscribe?.();
      this.#watches.delete(key);
    }
  }
}
