/** What the main thread and a screen thread tell each other. */

export interface ThreadBoard {
  readonly index: number;
  readonly boardId: number;
  readonly field: string;
  /** Global index of the board's first screen; its screens follow it. */
  readonly firstScreen: number;
  /** One access token per screen (careboard mode): each screen is its own device. */
  readonly tokens: readonly string[];
}

export interface ScreenThreadInput {
  readonly mode: 'careboard' | 'raw';
  /** careboard: the GraphQL endpoint; raw: the baseline server, a board's screens at `<url>/<board index>`. */
  readonly url: string;
  readonly boards: readonly ThreadBoard[];
  readonly screensPerBoard: number;
  /** Int32 counters, indexed by Counter. */
  readonly counters: SharedArrayBuffer;
  /**
   * Int32 per screen (its global index): the newest change-log version it has had in any frame,
   * then, after all screens', the newest it has had in a frame of changes.
   */
  readonly newest: SharedArrayBuffer;
}

/**
 * Recovered: screens that have had a frame on a connection after their first (after a restart).
 * Opened: sockets opened (every attempt that got as far as a WebSocket); PongTimeouts: connections a
 * screen gave up on because the server did not answer its ping within 2 s.
 */
export const Counter = {
  Ready: 0,
  Frames: 1,
  Failures: 2,
  Reconnected: 3,
  Recovered: 4,
  Opened: 5,
  PongTimeouts: 6,
} as const;
export const COUNTERS = 7;

export const FrameKind = { Snapshot: 0, Changes: 1, Empty: 2 } as const;

/** Every content frame a thread's screens received, one entry per receipt, in columns. */
export interface Receipts {
  readonly screen: Int32Array;
  readonly version: Float64Array;
  readonly tick: Int32Array;
  readonly kind: Uint8Array;
  /** clock.ts time of receipt. */
  readonly at: Float64Array;
  /** 0 on the first connection, then one more per reconnection. */
  readonly epoch: Int32Array;
}

/** How far a screen's new connection (after its first) got: its socket opened, then its acknowledgement. */
export const Stage = { Opened: 0, Acknowledged: 1 } as const;

/** Every stage a thread's screens reached on a connection after their first, in columns. */
export interface Stages {
  readonly screen: Int32Array;
  readonly stage: Uint8Array;
  /** clock.ts time it was reached. */
  readonly at: Float64Array;
}

/** A frame as the first screen of a board received it: the bytes the baseline replays. */
export interface CapturedFrame {
  readonly board: number;
  readonly version: number;
  readonly tick: number;
  readonly at: number;
  readonly text: string;
}

export type ToScreenThread =
  | { readonly type: 'capture'; readonly on: boolean }
  | { readonly type: 'collect' }
  | { readonly type: 'close' };

export type FromScreenThread =
  | { readonly type: 'connected' }
  | { readonly type: 'failure'; readonly message: string }
  | {
      readonly type: 'collected';
      readonly receipts: Receipts;
      readonly stages: Stages;
      readonly captured: readonly CapturedFrame[];
    }
  | { readonly type: 'closed' };
