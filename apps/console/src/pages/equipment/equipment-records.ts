/** What this page reads of locations and tags (their editors are in Care setting). */
export interface LocationName {
  readonly id: number;
  readonly name: string;
}
export interface AssetTag {
  readonly id: number;
  readonly label: string;
  readonly in_use: boolean;
}

/** The most of one asset type a PAR level may ask for (the server's MAX_COUNT). */
export const MAX_PAR_COUNT = 100_000;
