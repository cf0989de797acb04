import type { CoreTables } from './tables/core.ts';
import type { DomainTables } from './tables/domain.ts';
import type { FeedTables } from './tables/feeds.ts';
import type { IdentityTables } from './tables/identity.ts';

/** The database as Kysely sees it: one interface per table, grouped by owner. */
export interface Database extends CoreTables, IdentityTables, DomainTables, FeedTables {}
