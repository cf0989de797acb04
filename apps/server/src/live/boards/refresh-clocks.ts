/** Time alone changes a board (messages expire, today's averages roll over): look again this often. */
export const REFRESH_EVERY_MS = 30_000;

/** Told to look again; `key` is the same for every board of the customer on one tick (its shared reads). */
export type RefreshListener = (key: string) => void;

interface Clock {
  readonly listeners: Set<RefreshListener>;
  timer: NodeJS.Timeout;
  ticks: number;
}

/**
 * One refresh clock per customer for its boards on this node (decision LIVE-32): every board of a
 * customer looks again on the same tick, under one key, so the reads of its evaluation are shared
 * by all of them (`SharedReads`), as a change's are. Each customer's clock starts at its own moment
 * of the period, so a node's customers, started together (a restart), do not all read at once
 * (LIVE-22). A timer per board, each reading alone, would give a node of 400 boards about 13
 * evaluations a second, each with its own queries, whether anything had changed or not.
 */
export class RefreshClocks {
  readonly #clocks = new Map<string, Clock>();
  readonly #everyMs: number;
  readonly #random: () => number;

  constructor(everyMs: number = REFRESH_EVERY_MS, random: () => number = Math.random) {
    this.#everyMs = everyMs;
    this.#random = random;
  }

  /** Calls `listener` on each tick of the customer's clock; returns the leave. */
  join(customerId: string, listener: RefreshListener): () => void {
    let clock = this.#clocks.get(customerId);
    if (!clock) clock = this.#start(customerId);
    clock.listeners.add(listener);
    const joined = clock;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0 || this.#clocks.get(customerId) !== joined) return;
      clearTimeout(joined.timer);
      clearInterval(joined.timer);
      this.#clocks.delete(customerId);
    };
  }

  /** Customers with a clock running (for tests). */
  get size(): number {
    return this.#clocks.size;
  }

  #start(customerId: string): Clock {
    const tick = () => {
      clock.ticks += 1;
      const key = `refresh:${clock.ticks}`;
      for (const listener of clock.listeners) listener(key);
    };
    const clock: Clock = {
      listeners: new Set(),
      timer: setTimeout(() => {
        tick();
        clock.timer = setInterval(tick, this.#everyMs);
        clock.timer.unref();
      }, this.#random() * this.#everyMs),
      ticks: 0,
    };
    clock.timer.unref();
    this.#clocks.set(customerId, clock);
    return clock;
  }
}
