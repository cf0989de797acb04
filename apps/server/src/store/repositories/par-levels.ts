import type { ParLevel } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { ParLevel };

const parColumns = ['id', 'location_id', 'asset_type_id', 'min', 'max'] as const;

/** PAR levels by location and asset type; of the given locations when named. */
export async function listParLevels(
  db: Db,
  customerId: string,
  locationIds?: readonly number[],
): Promise<ParLevel[]> {
  let query = db.selectFrom('par_levels').select(parColumns).where('customer_id', '=', customerId);
  if (locationIds) {
    if (locationIds.length === 0) return [];
    query = query.where('location_id', 'in', locationIds);
  }
  return query.orderBy('location_id').orderBy('asset_type_id').execute();
}

/** Removes a location's PAR levels; returns the ids removed. */
export async function deleteParLevelsOfLocation(
  db: Db,
  customerId: string,
  locationId: number,
): Promise<number[]> {
  const rows = await db
    .deleteFrom('par_levels')
    .where('customer_id', '=', customerId)
    .where('location_id', '=', locationId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertParLevels(
  db: Db,
  customerId: string,
  levels: readonly Omit<ParLevel, 'id'>[],
): Promise<ParLevel[]> {
  if (levels.length === 0) return [];
  const rows = await db
    .insertInto('par_levels')
    .values(levels.map((level) => ({ ...level, customer_id: customerId })))
    .returning(parColumns)
    .execute();
  return rows.sort((a, b) => a.location_id - b.location_id || a.asset_type_id - b.asset_type_id);
}

/** A page of one location's PAR levels, by asset type. */
export async function pageParLevelsOfLocation(
  db: Db,
  customerId: string,
  locationId: number,
  page: PageRequest,
): Promise<Page<ParLevel>> {
  return selectPage(
    db
      .selectFrom('par_levels')
      .select(parColumns)
      .where('customer_id', '=', customerId)
      .where('location_id', '=', locationId)
      .orderBy('asset_type_id'),
    page,
  );
}

/** The PAR level of an asset type at a location, if it has one. */
export async function findParLevel(
  db: Db,
  customerId: string,
  key: { location_id: number; asset_type_id: number },
): Promise<ParLevel | undefined> {
  return db
    .selectFrom('par_levels')
    .select(parColumns)
    .where('customer_id', '=', customerId)
    .where('location_id', '=', key.location_id)
    .where('asset_type_id', '=', key.asset_type_id)
    .executeTakeFirst();
}
