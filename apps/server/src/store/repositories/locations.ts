import type { Location } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { Location };

export async function insertLocations(
  db: Db,
  customerId: string,
  locations: readonly Omit<Location, 'id'>[],
): Promise<Location[]> {
  if (locations.length === 0) return [];
  const rows = await db
    .insertInto('locations')
    .values(
      locations.map((location) => ({ customer_id: customerId, name: location.name, kind: location.kind })),
    )
    .returning(['id', 'name', 'kind'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listLocations(db: Db, customerId: string): Promise<Location[]> {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'kind'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findLocation(db: Db, customerId: string, id: number): Promise<Location | undefined> {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'kind'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the customer's locations, of one kind when given; by name then id (BOF-07). */
export async function pageLocations(
  db: Db,
  customerId: string,
  filter: { readonly kind?: string | undefined },
  page: PageRequest,
): Promise<Page<Location>> {
  let query = db.selectFrom('locations').select(['id', 'name', 'kind']).where('customer_id', '=', customerId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function updateLocation(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Location, 'id'>>,
): Promise<Location | undefined> {
  return db
    .updateTable('locations')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'name', 'kind'])
    .executeTakeFirst();
}

/**
 * Completed visits forget the location (and its stations) they ended in, so it can go
 * (decision BOF-12); visits in progress there still hold it. Returns how many changed.
 */
export async function forgetLocationInCompletedVisits(
  db: Db,
  customerId: string,
  locationId: number,
): Promise<number> {
  const result = await db
    .updateTable('visits')
    .set({ location_id: null, station_id: null })
    .where('customer_id', '=', customerId)
    .where('location_id', '=', locationId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a location with its sensors, PAR levels and boards' list entries; false when there is none. */
export async function deleteLocation(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('locations')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
