import type { Asset, AssetType } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { Asset, AssetType };

export interface AssetCount {
  readonly location_id: number;
  readonly asset_type_id: number;
  readonly count: number;
}

const assetColumns = ['id', 'name', 'asset_type_id', 'tag_id', 'location_id'] as const;

export async function insertAssetTypes(
  db: Db,
  customerId: string,
  names: readonly string[],
): Promise<AssetType[]> {
  if (names.length === 0) return [];
  const rows = await db
    .insertInto('asset_types')
    .values(names.map((name) => ({ customer_id: customerId, name })))
    .returning(['id', 'name'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listAssetTypes(db: Db, customerId: string): Promise<AssetType[]> {
  return db
    .selectFrom('asset_types')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findAssetType(db: Db, customerId: string, id: number): Promise<AssetType | undefined> {
  return db
    .selectFrom('asset_types')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAssets(
  db: Db,
  customerId: string,
  assets: readonly Omit<Asset, 'id'>[],
): Promise<Asset[]> {
  if (assets.length === 0) return [];
  const rows = await db
    .insertInto('assets')
    .values(assets.map((asset) => ({ ...asset, customer_id: customerId })))
    .returning(assetColumns)
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listAssets(db: Db, customerId: string): Promise<Asset[]> {
  return db
    .selectFrom('assets')
    .select(assetColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

/** One asset of the customer; `forUpdate` locks it until the transaction ends. */
export async function findAsset(
  db: Db,
  customerId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Asset | undefined> {
  let query = db
    .selectFrom('assets')
    .select(assetColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateAssetLocation(
  db: Db,
  customerId: string,
  id: number,
  locationId: number | null,
): Promise<Asset | undefined> {
  return db
    .updateTable('assets')
    .set({ location_id: locationId })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(assetColumns)
    .executeTakeFirst();
}

/** How many assets of each type are at each location (of the given locations when named). */
export async function countAssets(
  db: Db,
  customerId: string,
  locationIds?: readonly number[],
): Promise<AssetCount[]> {
  let query = db
    .selectFrom('assets')
    .select(['location_id', 'asset_type_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('customer_id', '=', customerId)
    .where('location_id', 'is not', null);
  if (locationIds) {
    if (locationIds.length === 0) return [];
    query = query.where('location_id', 'in', locationIds);
  }
  const rows = await query
    .groupBy(['location_id', 'asset_type_id'])
    .orderBy('location_id')
    .orderBy('asset_type_id')
    .execute();
  return rows.map((row) => ({
    location_id: row.location_id ?? 0,
    asset_type_id: row.asset_type_id,
    count: Number(row.count),
  }));
}

export interface AssetFilter {
  readonly asset_type_id?: number | undefined;
  readonly location_id?: number | undefined;
}

/** A page of the customer's assets, by name then id (decision BOF-17), filtered by type and place. */
export async function pageAssets(
  db: Db,
  customerId: string,
  filter: AssetFilter,
  page: PageRequest,
): Promise<Page<Asset>> {
  let query = db.selectFrom('assets').select(assetColumns).where('customer_id', '=', customerId);
  if (filter.asset_type_id !== undefined) query = query.where('asset_type_id', '=', filter.asset_type_id);
  if (filter.location_id !== undefined) query = query.where('location_id', '=', filter.location_id);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function insertAsset(db: Db, customerId: string, asset: Omit<Asset, 'id'>): Promise<Asset> {
  return db
    .insertInto('assets')
    .values({ ...asset, customer_id: customerId })
    .returning(assetColumns)
    .executeTakeFirstOrThrow();
}

export async function updateAsset(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Asset, 'id'>>,
): Promise<Asset | undefined> {
  if (Object.keys(patch).length === 0) return findAsset(db, customerId, id);
  return db
    .updateTable('assets')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(assetColumns)
    .executeTakeFirst();
}

export async function deleteAsset(db: Db, customerId: string, id: number): Promise<void> {
  await db.deleteFrom('assets').where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/** The asset this tag is fixed to, if any. */
export async function findAssetByTag(db: Db, customerId: string, tagId: number): Promise<Asset | undefined> {
  return db
    .selectFrom('assets')
    .select(assetColumns)
    .where('customer_id', '=', customerId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
}
