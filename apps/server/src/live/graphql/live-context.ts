import type { LiveIdentity } from '../live-identity.ts';
import type { SharedOperation } from './shared-execution.ts';

/** What each operation's resolvers see (its own module: graphql-server.ts imports the modules that read it). */
export interface LiveContext extends SharedOperation {
  readonly identity: LiveIdentity;
}
