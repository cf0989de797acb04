import type { Location, Tag } from '@careboard/contracts';

/** What this page reads of locations and tags (their editors are in Care setting). */
export type LocationName = Pick<Location, 'id' | 'name'>;
export type AssetTag = Pick<Tag, 'id' | 'label' | 'in_use'>;

/** The most of one asset type a PAR level may ask for (the server's MAX_COUNT). */
export const MAX_PAR_COUNT = 100_000;
