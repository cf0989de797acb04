import type { Db } from '../database.ts';

export interface Station {
  readonly id: number;
  readonly location_id: number;
  readonly name: string;
}

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
