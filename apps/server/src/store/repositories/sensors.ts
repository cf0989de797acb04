import type { Sensor } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import { sameCustomer } from './same-customer.ts';

export type { Sensor };

/** An RTLS sensor fixed in a location; its identifier is what the RTLS system reports. */
const sensorColumns = ['id', 'identifier', 'name', 'location_id'] as const;

/** A page of the customer's sensors, by name then id (decision BOF-17), of one location when given. */
export async function pageSensors(
  db: Db,
  customerId: string,
  filter: { readonly location_id?: number | undefined },
  page: PageRequest,
): Promise<Page<Sensor>> {
  let query = db.selectFrom('sensors').select(sensorColumns).where('customer_id', '=', customerId);
  if (filter.location_id !== undefined) query = query.where('location_id', '=', filter.location_id);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function findSensor(db: Db, customerId: string, id: number): Promise<Sensor | undefined> {
  return db
    .selectFrom('sensors')
    .select(sensorColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The sensor that has this identifier already, with the name of the location it is in. */
export async function findSensorByIdentifier(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<(Sensor & { location_name: string }) | undefined> {
  return db
    .selectFrom('sensors as s')
    .innerJoin('locations as l', (join) => sameCustomer(join, 'l.id', 's.location_id'))
    .select(['s.id', 's.identifier', 's.name', 's.location_id', 'l.name as location_name'])
    .where('s.customer_id', '=', customerId)
    .where('s.identifier', '=', identifier)
    .executeTakeFirst();
}

export async function insertSensor(db: Db, customerId: string, sensor: Omit<Sensor, 'id'>): Promise<Sensor> {
  return db
    .insertInto('sensors')
    .values({ ...sensor, customer_id: customerId })
    .returning(sensorColumns)
    .executeTakeFirstOrThrow();
}

export async function updateSensor(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Sensor, 'id'>>,
): Promise<Sensor | undefined> {
  if (Object.keys(patch).length === 0) return findSensor(db, customerId, id);
  return db
    .updateTable('sensors')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(sensorColumns)
    .executeTakeFirst();
}

/** Returns whether the customer had the sensor. */
export async function deleteSensor(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sensors')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
