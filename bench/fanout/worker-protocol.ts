/** What the main thread and a client thread tell each other. */

export interface WorkerInput {
  readonly mode: 'careboard' | 'raw';
  readonly url: string;
  readonly token: string;
  readonly query: string;
  /** This thread's boards are first … first + count - 1. */
  readonly first: number;
  readonly count: number;
  readonly changes: number;
  /** Float64 receipt times, one per (board, change), board-major; NaN until received. */
  readonly received: SharedArrayBuffer;
  /** Int32 counters, indexed by Counter. */
  readonly counters: SharedArrayBuffer;
}

/** Final: boards that have received the last change's state. */
export const Counter = { Ready: 0, Delivered: 1, Duplicates: 2, Failures: 3, Final: 4 } as const;
export const COUNTERS = 5;

export type ToWorker = { readonly type: 'close' };

export type FromWorker =
  | { readonly type: 'connected' }
  | { readonly type: 'captured'; readonly text: string }
  | { readonly type: 'failure'; readonly message: string }
  | { readonly type: 'closed' };
