import type { UnmappedPointOfCareRecord } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/**
 * What HL7 ADT reads to place a message (FEED-52, FEED-53): the customer its receiving facility names
 * and who may send to it, the workflow its point of care names, and the visit its visit number
 * names. Reads only: the mappings are written by the console's routes.
 */

/** One sender a facility lists: MSH-3 and MSH-4 (null: any), and where it may connect from. */
export interface FacilitySender {
  readonly sending_application: string | null;
  readonly sending_facility: string | null;
  readonly addresses: readonly string[];
}

/** The customer a receiving facility is mapped to, who may send to it (decision FEED-52), and how it reads. */
export interface FacilitySenders {
  readonly customerId: string;
  readonly senders: readonly FacilitySender[];
  /** The character set of messages whose MSH-18 is empty; null: UTF-8 (FEED-59). */
  readonly charset: string | null;
  /** Training and debugging messages are applied (FEED-64). */
  readonly testFacility: boolean;
  /** Which PID-3 repetition is the patient's identifier: type (CX.5) and authority (null: any), FEED-71. */
  readonly patientId: { readonly type: string; readonly authority: string | null };
  /** SCH-25 values read as arrival (FEED-72). */
  readonly arrivalStatuses: readonly string[];
}

/**
 * The facility mapping MSH-6 names, compared exactly as the EHR sends it (trimmed), with its
 * senders; undefined: no mapping has it. A customer's id alone names no customer any more: the
 * senders hang on a mapping (decision FEED-53).
 */
export async function findFacilitySenders(db: Db, facility: string): Promise<FacilitySenders | undefined> {
  const name = facility.trim();
  if (!name) return undefined;
  const rows = await db
    .selectFrom('adt_facilities as f')
    .leftJoin('adt_senders as s', (join) =>
      join.onRef('s.customer_id', '=', 'f.customer_id').onRef('s.facility', '=', 'f.facility'),
    )
    .select([
      'f.customer_id',
      'f.charset',
      'f.test_facility',
      'f.patient_id_type',
      'f.patient_id_authority',
      'f.arrival_statuses',
      's.id',
      's.sending_application',
      's.sending_facility',
      's.addresses',
    ])
    .where('f.facility', '=', name)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const senders = rows.flatMap((row) =>
    row.id === null || row.addresses === null
      ? []
      : [
          {
            sending_application: row.sending_application,
            sending_facility: row.sending_facility,
            addresses: row.addresses,
          },
        ],
  );
  return {
    customerId: first.customer_id,
    senders,
    charset: first.charset,
    testFacility: first.test_facility,
    patientId: { type: first.patient_id_type, authority: first.patient_id_authority },
    arrivalStatuses: first.arrival_statuses,
  };
}

export interface PointOfCareMapping {
  readonly id: number;
  readonly workflow_id: number;
  /** Where an A02 to this point of care moves the visit; null: the location rules decide. */
  readonly phase_id: number | null;
}

/** PV1-3's components (PL): point of care, room, bed, facility (4), building (7), floor (8). */
export interface PatientPlace {
  readonly pointOfCare: string;
  readonly room: string;
  readonly bed: string;
  readonly facility: string;
  readonly building: string;
  readonly floor: string;
}

const PLACE_COLUMNS = [
  ['point_of_care', 'pointOfCare'],
  ['room', 'room'],
  ['bed', 'bed'],
  ['facility', 'facility'],
  ['building', 'building'],
  ['floor', 'floor'],
] as const satisfies readonly (readonly [string, keyof PatientPlace])[];

/**
 * The customer's mapping of a patient's place (decision FEED-63): every component a mapping
 * names must equal the place's, trimmed and without regard to case; of several that match, the
 * one naming the most components wins (a bed's mapping over its unit's), then the oldest.
 */
export async function findPointOfCare(
  db: Db,
  customerId: string,
  place: PatientPlace,
): Promise<PointOfCareMapping | undefined> {
  if (PLACE_COLUMNS.every(([, key]) => place[key].trim() === '')) return undefined;
  let query = db
    .selectFrom('adt_points_of_care')
    .select(['id', 'workflow_id', 'phase_id'])
    .where('customer_id', '=', customerId);
  for (const [column, key] of PLACE_COLUMNS) {
    const value = place[key].trim().toLowerCase();
    query = query.where((eb) =>
      eb.or([eb(column, 'is', null), eb(sql<string>`lower(btrim(${sql.ref(column)}))`, '=', value)]),
    );
  }
  const named = sql.join(
    PLACE_COLUMNS.map(([column]) => sql`(${sql.ref(column)} IS NOT NULL)::int`),
    sql` + `,
  );
  return query.orderBy(sql`${named}`, 'desc').orderBy('id').executeTakeFirst();
}

/**
 * The workflow an admit joins when nothing maps its point of care: the customer's default ADT
 * workflow, only when the catch-all is on (it is off unless the customer turns it on, FEED-63).
 */
export async function findAdtWorkflowId(db: Db, customerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('customers')
    .select(['adt_workflow_id', 'adt_catch_all'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.adt_catch_all ? row.adt_workflow_id : null;
}

/** Counts one more message for a point of care nothing maps (FEED-63). */
export async function countUnmappedPointOfCare(
  db: Db,
  customerId: string,
  pointOfCare: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('adt_unmapped_points_of_care')
    .values({ customer_id: customerId, point_of_care: pointOfCare, messages: 1, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'point_of_care']).doUpdateSet((eb) => ({
        messages: eb('adt_unmapped_points_of_care.messages', '+', 1),
        last_at: now,
      })),
    )
    .execute();
}

/** The visit in progress the EHR knows by this id (the newest, should there be two), locked. */
export async function findActiveVisitIdByExternalId(
  db: Db,
  customerId: string,
  externalId: string,
): Promise<number | undefined> {
  return (await findActiveEhrVisit(db, customerId, externalId))?.id;
}

/** A visit as ADT finds it: its id, the patient it came with, when its last event happened. */
export interface EhrVisit {
  readonly id: number;
  readonly external_patient_id: string | null;
  readonly ehr_event_at: Date | null;
}

/** The visits in progress of a patient (by the identifier the EHR gave them), oldest first, locked. */
export async function findActiveVisitsOfPatient(
  db: Db,
  customerId: string,
  patientId: string,
): Promise<(EhrVisit & { readonly external_id: string | null })[]> {
  return db
    .selectFrom('visits')
    .select(['id', 'external_patient_id', 'ehr_event_at', 'external_id'])
    .where('customer_id', '=', customerId)
    .where('completed_at', 'is', null)
    .where((eb) => eb.or([eb('external_patient_id', '=', patientId), eb('external_id', '=', patientId)]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The visit in progress the EHR knows by this id, with the patient identifier it came with, locked. */
export async function findActiveEhrVisit(
  db: Db,
  customerId: string,
  externalId: string,
): Promise<EhrVisit | undefined> {
  return db
    .selectFrom('visits')
    .select(['id', 'external_patient_id', 'ehr_event_at'])
    .where('customer_id', '=', customerId)
    .where('external_id', '=', externalId)
    .where('completed_at', 'is', null)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

/** The most recently completed visit the EHR knows by this id (what an A13 reopens), locked. */
export async function findCompletedVisitIdByExternalId(
  db: Db,
  customerId: string,
  externalId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('external_id', '=', externalId)
    .where('completed_at', 'is not', null)
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  return row?.id;
}

/**
 * The customer's location named like the room (PV1-3.2): trimmed and without regard to case,
 * the oldest should two share a name (decision FEED-15).
 */
export async function findLocationIdByName(
  db: Db,
  customerId: string,
  name: string,
): Promise<number | undefined> {
  const wanted = name.trim();
  if (!wanted) return undefined;
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where(sql<string>`lower(btrim(name))`, '=', wanted.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * The phase a feed rule of the workflow gives a location: a rule for the location itself wins
 * over one for its kind (as the RTLS rules read them).
 */
export async function findRulePhaseForLocation(
  db: Db,
  customerId: string,
  workflowId: number,
  locationId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('feed_rules as r')
    .innerJoin('locations as l', (join) =>
      join.on('l.customer_id', '=', customerId).on('l.id', '=', locationId),
    )
    .select('r.phase_id')
    .where('r.customer_id', '=', customerId)
    .where('r.workflow_id', '=', workflowId)
    .where((eb) =>
      eb.or([eb('r.location_id', '=', locationId), eb('r.location_kind', '=', eb.ref('l.kind'))]),
    )
    .orderBy(sql`(r.location_id IS NULL)`)
    .limit(1)
    .executeTakeFirst();
  return row?.phase_id;
}

/**
 * The customer's own facility mapping named so, with its senders (a dry run's, which asks only
 * the caller's facilities: another customer's is "not one of yours", FEED-67).
 */
export async function findCustomerFacility(
  db: Db,
  customerId: string,
  facility: string,
): Promise<FacilitySenders | undefined> {
  const found = await findFacilitySenders(db, facility);
  return found?.customerId === customerId ? found : undefined;
}

/** The customer's display boards that show a workflow, by name. */
export async function findBoardsShowingWorkflow(
  db: Db,
  customerId: string,
  workflowId: number,
): Promise<{ readonly id: number; readonly name: string }[]> {
  return db
    .selectFrom('display_board_workflows as w')
    .innerJoin('display_boards as b', (join) =>
      join.onRef('b.customer_id', '=', 'w.customer_id').onRef('b.id', '=', 'w.display_board_id'),
    )
    .select(['b.id', 'b.name'])
    .where('w.customer_id', '=', customerId)
    .where('w.workflow_id', '=', workflowId)
    .orderBy('b.name')
    .orderBy('b.id')
    .execute();
}

/** Stored HL7 messages left out because nothing mapped this point of care, oldest first, at most `limit`. */
export async function listIgnoredForPointOfCare(
  db: Db,
  customerId: string,
  pointOfCare: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('feed_messages')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('feed', '=', 'hl7')
    .where('status', '=', 'ignored')
    .where('point_of_care', '=', pointOfCare)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The points of care nothing maps, most recently seen first (FEED-63). */
export async function pageUnmappedPointsOfCare(
  db: Db,
  customerId: string,
  page: PageRequest,
): Promise<Page<UnmappedPointOfCareRecord>> {
  const query = db
    .selectFrom('adt_unmapped_points_of_care')
    .select(['point_of_care', 'messages', 'first_at', 'last_at'])
    .where('customer_id', '=', customerId)
    .orderBy('last_at', 'desc')
    .orderBy('point_of_care');
  return selectPage(query, page);
}

/** Forgets the count of a point of care once it is mapped. */
export async function forgetUnmappedPointOfCare(
  db: Db,
  customerId: string,
  pointOfCare: string,
): Promise<void> {
  await db
    .deleteFrom('adt_unmapped_points_of_care')
    .where('customer_id', '=', customerId)
    .where('point_of_care', '=', pointOfCare)
    .execute();
}
