import type { Db } from '../database.ts';

export interface Location {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
}

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
