/** What the bench tells the baseline's server process, and what it answers. */
export type ToRawServer =
  | { readonly type: 'load'; readonly text: string }
  | { readonly type: 'broadcast' }
  | { readonly type: 'stop' };

export type FromRawServer = { readonly type: 'listening'; readonly port: number };
