import type { Db } from '../database.ts';
import type { AssetType } from './assets.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { AssetType } from './assets.ts';

/** A page of the customer's asset types, by name then id (decision BOF-17). */
export async function pageAssetTypes(
  db: Db,
  customerId: string,
  page: PageRequest,
): Promise<Page<AssetType>> {
  return selectPage(
    db
      .selectFrom('asset_types')
      .select(['id', 'name'])
      .where('customer_id', '=', customerId)
      .orderBy('name')
      .orderBy('id'),
    page,
  );
}

export async function insertAssetType(db: Db, customerId: string, name: string): Promise<AssetType> {
  return db
    .insertInto('asset_types')
    .values({ customer_id: customerId, name })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function renameAssetType(
  db: Db,
  customerId: string,
  id: number,
  name: string,
): Promise<AssetType | undefined> {
  return db
    .updateTable('asset_types')
    .set({ name })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/** Whether an asset, or a PAR level of some location, is of this type (decision BOF-22). */
export async function isAssetTypeInUse(db: Db, customerId: string, id: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('assets')
              .select('id')
              .where('customer_id', '=', customerId)
              .where('asset_type_id', '=', id),
          ),
          eb.exists(
            eb
              .selectFrom('par_levels')
              .select('id')
              .where('customer_id', '=', customerId)
              .where('asset_type_id', '=', id),
          ),
        ])
        .$castTo<boolean>()
        .as('in_use'),
    )
    .executeTakeFirstOrThrow();
  return row.in_use;
}

/** Returns whether the customer had the asset type. */
export async function deleteAssetType(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('asset_types')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
