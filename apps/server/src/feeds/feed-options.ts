import type { Logger } from 'pino';
import type { FeedsConfig } from '../config/config.ts';
import type { Db } from '../store/database.ts';

/** What each feed's registration gets: its own module, so the feeds need not import the one that registers them. */
export interface FeedOptions {
  readonly db: Db;
  readonly feeds: FeedsConfig;
  /** HOST: where the MLLP listener binds, like the HTTP server. */
  readonly host: string;
  readonly log: Logger;
}
