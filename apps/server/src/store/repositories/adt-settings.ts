import type { AdtSenderRecord, FacilityRecord, PointOfCare } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/**
 * The ADT mappings the console edits (FEED-45, FEED-55): a point of care (PV1-3.1) → a workflow and
 * optionally the phase an A02 moves to; a receiving facility (MSH-6) → the customer, and the
 * senders that may send to it. The HL7 feed reads them through adt-mappings.ts.
 */
export type { AdtSenderRecord, FacilityRecord, PointOfCare };

export type PointOfCareFields = Omit<PointOfCare, 'id'>;

const pointColumns = [
  'id',
  'point_of_care',
  'room',
  'bed',
  'facility',
  'building',
  'floor',
  'workflow_id',
  'phase_id',
] as const;

/** A page of the customer's points of care, by name then id, of one workflow when given. */
export async function pagePointsOfCare(
  db: Db,
  customerId: string,
  filter: { readonly workflow_id?: number | undefined },
  page: PageRequest,
): Promise<Page<PointOfCare>> {
  let query = db.selectFrom('adt_points_of_care').select(pointColumns).where('customer_id', '=', customerId);
  if (filter.workflow_id !== undefined) query = query.where('workflow_id', '=', filter.workflow_id);
  return selectPage(query.orderBy('point_of_care').orderBy('id'), page);
}

export async function findPointOfCareById(
  db: Db,
  customerId: string,
  id: number,
): Promise<PointOfCare | undefined> {
  return db
    .selectFrom('adt_points_of_care')
    .select(pointColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPointOfCare(
  db: Db,
  customerId: string,
  point: PointOfCareFields,
): Promise<PointOfCare> {
  return db
    .insertInto('adt_points_of_care')
    .values({ ...point, customer_id: customerId })
    .returning(pointColumns)
    .executeTakeFirstOrThrow();
}

export async function updatePointOfCare(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<PointOfCareFields>,
): Promise<PointOfCare | undefined> {
  if (Object.keys(patch).length === 0) return findPointOfCareById(db, customerId, id);
  return db
    .updateTable('adt_points_of_care')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(pointColumns)
    .executeTakeFirst();
}

/** Returns whether the customer had the mapping. */
export async function deletePointOfCare(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('adt_points_of_care')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

const facilityColumns = [
  'facility',
  'charset',
  'test_facility',
  'patient_id_type',
  'patient_id_authority',
  'arrival_statuses',
  'created_at',
] as const;

/** How a facility's messages are read (FEED-59, FEED-64, FEED-71). */
export type FacilitySettings = Partial<
  Pick<
    FacilityRecord,
    'charset' | 'test_facility' | 'patient_id_type' | 'patient_id_authority' | 'arrival_statuses'
  >
>;

/** Changes how the customer's facility's messages are read; undefined when it has none so named. */
export async function updateFacility(
  db: Db,
  customerId: string,
  facility: string,
  settings: FacilitySettings,
): Promise<FacilityRecord | undefined> {
  if (Object.keys(settings).length === 0) {
    return db
      .selectFrom('adt_facilities')
      .select(facilityColumns)
      .where('customer_id', '=', customerId)
      .where('facility', '=', facility)
      .executeTakeFirst();
  }
  return db
    .updateTable('adt_facilities')
    .set(settings)
    .where('customer_id', '=', customerId)
    .where('facility', '=', facility)
    .returning(facilityColumns)
    .executeTakeFirst();
}

/** The customer's facilities, by name. */
export async function pageFacilities(
  db: Db,
  customerId: string,
  page: PageRequest,
): Promise<Page<FacilityRecord>> {
  return selectPage(
    db
      .selectFrom('adt_facilities')
      .select(facilityColumns)
      .where('customer_id', '=', customerId)
      .orderBy('facility'),
    page,
  );
}

export async function insertFacility(db: Db, customerId: string, facility: string): Promise<FacilityRecord> {
  return db
    .insertInto('adt_facilities')
    .values({ facility, customer_id: customerId })
    .returning(facilityColumns)
    .executeTakeFirstOrThrow();
}

/** Returns whether the customer had the facility (another customer's is left alone). */
export async function deleteFacility(db: Db, customerId: string, facility: string): Promise<boolean> {
  const result = await db
    .deleteFrom('adt_facilities')
    .where('customer_id', '=', customerId)
    .where('facility', '=', facility)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Whether the name is taken for another customer: a facility mapped to it, or its id (compared
 * lower-cased). MSH-6 does not name a customer by id alone (FEED-53), but each id stays its
 * customer's to map, as the demo maps its own.
 */
export async function isFacilityTakenByOther(db: Db, customerId: string, facility: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '<>', customerId)
    .where((eb) =>
      eb.or([
        eb('id', '=', facility.toLowerCase()),
        eb.exists(
          eb
            .selectFrom('adt_facilities as f')
            .select(sql<number>`1`.as('one'))
            .whereRef('f.customer_id', '=', 'customers.id')
            .where('f.facility', '=', facility),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who may send a facility's ADT, and from where (decision FEED-52), as written. */
export type AdtSenderFields = Omit<AdtSenderRecord, 'id' | 'created_at'>;

const senderColumns = [
  'id',
  'facility',
  'sending_application',
  'sending_facility',
  'addresses',
  'created_at',
] as const;

/** A page of the customer's senders, by facility then id, of one facility when given. */
export async function pageSenders(
  db: Db,
  customerId: string,
  filter: { readonly facility?: string | undefined },
  page: PageRequest,
): Promise<Page<AdtSenderRecord>> {
  let query = db.selectFrom('adt_senders').select(senderColumns).where('customer_id', '=', customerId);
  if (filter.facility !== undefined) query = query.where('facility', '=', filter.facility);
  return selectPage(query.orderBy('facility').orderBy('id'), page);
}

export async function findSenderById(
  db: Db,
  customerId: string,
  id: number,
): Promise<AdtSenderRecord | undefined> {
  return db
    .selectFrom('adt_senders')
    .select(senderColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSender(
  db: Db,
  customerId: string,
  sender: AdtSenderFields,
): Promise<AdtSenderRecord> {
  return db
    .insertInto('adt_senders')
    .values({ ...sender, customer_id: customerId })
    .returning(senderColumns)
    .executeTakeFirstOrThrow();
}

export async function updateSender(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<AdtSenderFields>,
): Promise<AdtSenderRecord | undefined> {
  if (Object.keys(patch).length === 0) return findSenderById(db, customerId, id);
  return db
    .updateTable('adt_senders')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(senderColumns)
    .executeTakeFirst();
}

/** Returns whether the customer had the sender. */
export async function deleteSender(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('adt_senders')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
