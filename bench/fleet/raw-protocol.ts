/** A frame the baseline sends: to a board's screens, `at` ms after play starts. */
export interface ScheduledFrame {
  readonly at: number;
  readonly board: number;
  readonly text: string;
}

export type ToRawServer =
  /** `snapshots`: what a screen that connects is sent first, per board (its `at` unused). */
  | {
      readonly type: 'load';
      readonly frames: readonly ScheduledFrame[];
      readonly snapshots?: readonly ScheduledFrame[];
    }
  /** `resume`: a restarted server, which skips the frames due before it started and keeps each board's newest. */
  | { readonly type: 'play'; readonly start: number; readonly resume?: boolean }
  | { readonly type: 'stop' };

export type FromRawServer =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'played' };
