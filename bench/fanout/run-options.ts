import type { ChangeFigures } from './changes.ts';

/** What both runs (Careboard and the raw baseline) share. */
export interface RunOptions {
  readonly boards: number;
  readonly changes: number;
  readonly intervalMs: number;
  readonly clientThreads: number;
  readonly progress: (line: string) => void;
}

export interface RunResult extends ChangeFigures {
  readonly failures: { readonly count: number; readonly messages: readonly string[] };
  /** Server RSS with every board connected, less RSS before the first, per board. */
  readonly rssPerConnection: number;
  /** The size of one update as sent over the wire (its JSON text). */
  readonly messageBytes: number;
}
