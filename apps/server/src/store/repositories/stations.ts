import type { Station } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { Station };

export async function insertStations(
  db: Db,
  customerId: string,
  stations: readonly Omit<Station, 'id'>[],
): Promise<Station[]> {
  if (stations.length === 0) return [];
  const rows = await db
    .insertInto('stations')
    .values(
      stations.map((station) => ({
        customer_id: customerId,
        location_id: station.location_id,
        name: station.name,
      })),
    )
    .returning(['id', 'location_id', 'name'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listStations(db: Db, customerId: string): Promise<Station[]> {
  return db
    .selectFrom('stations')
    .select(['id', 'location_id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findStation(db: Db, customerId: string, id: number): Promise<Station | undefined> {
  return db
    .selectFrom('stations')
    .select(['id', 'location_id', 'name'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the customer's stations, of one location when given; by name then id (BOF-07). */
export async function pageStations(
  db: Db,
  customerId: string,
  filter: { readonly locationId?: number | undefined },
  page: PageRequest,
): Promise<Page<Station>> {
  let query = db
    .selectFrom('stations')
    .select(['id', 'location_id', 'name'])
    .where('customer_id', '=', customerId);
  if (filter.locationId !== undefined) query = query.where('location_id', '=', filter.locationId);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function updateStation(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Station, 'id'>>,
): Promise<Station | undefined> {
  return db
    .updateTable('stations')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'location_id', 'name'])
    .executeTakeFirst();
}

/** Completed visits forget the station they ended at, so it can go (decision BOF-12). */
export async function forgetStationInCompletedVisits(
  db: Db,
  customerId: string,
  stationId: number,
): Promise<number> {
  const result = await db
    .updateTable('visits')
    .set({ station_id: null })
    .where('customer_id', '=', customerId)
    .where('station_id', '=', stationId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a station with its calls; false when there is none. A visit in progress there keeps it (23503). */
export async function deleteStation(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('stations')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
