/** The records the equipment routes answer (apps/server/src/api/equipment/equipment-schemas.ts). */
export interface AssetType {
  readonly id: number;
  readonly name: string;
}
export interface Asset {
  readonly id: number;
  readonly name: string;
  readonly asset_type_id: number;
  readonly tag_id: number | null;
  readonly location_id: number | null;
}
export interface Sensor {
  readonly id: number;
  readonly identifier: string;
  readonly name: string;
  readonly location_id: number;
}
export interface ParLevel {
  readonly id: number;
  readonly location_id: number;
  readonly asset_type_id: number;
  readonly min: number;
  readonly max: number;
}
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
