/** A frame the baseline sends: to a board's screens, `at` ms after play starts. */
export interface ScheduledFrame {
  readonly at: number;
  readonly board: number;
  readonly text: string;
}

export type ToRawServer =
  | { readonly type: 'load'; readonly frames: readonly ScheduledFrame[] }
  | { readonly type: 'play'; readonly start: number }
  | { readonly type: 'stop' };

export type FromRawServer =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'played' };
