import type { VisitNamesRecord, VisitRecord } from '@careboard/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import { sameCustomer } from './same-customer.ts';

export interface Visit {
  readonly id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly family_code: string;
  readonly tag_id: number | null;
  readonly badge_id: number | null;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly phase_entered_at: Date;
  readonly location_id: number | null;
  readonly station_id: number | null;
  readonly arrived_at: Date;
  readonly completed_at: Date | null;
  /** Staff with the patient now, by id. */
  readonly staff_ids: number[];
}

export type NewVisit = Omit<Visit, 'id' | 'staff_ids' | 'completed_at'> & { completed_at?: Date | null };

export type VisitPatch = Partial<
  Pick<
    Visit,
    | 'phase_id'
    | 'phase_entered_at'
    | 'location_id'
    | 'station_id'
    | 'completed_at'
    | 'first_name'
    | 'last_name'
    | 'display_name'
  > & {
    /** The EHR's visit number (decision FEED-03). */
    external_id: string | null;
    /** The EHR's patient identifier (PID-3) of the visit (decision FEED-62). */
    external_patient_id: string | null;
    /** When the EHR says its last applied event happened (FEED-70). */
    ehr_event_at: Date | null;
    /** On leave of absence since (FEED-69). */
    away_since: Date | null;
  }
>;

const visitColumns = [
  'visits.id',
  'visits.first_name',
  'visits.last_name',
  'visits.display_name',
  'visits.family_code',
  'visits.tag_id',
  'visits.badge_id',
  'visits.workflow_id',
  'visits.phase_id',
  'visits.phase_entered_at',
  'visits.location_id',
  'visits.station_id',
  'visits.arrived_at',
  'visits.completed_at',
] as const;

function staffIds(eb: ExpressionBuilder<Database, 'visits'>) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('visit_staff')
        .select(sql<number[]>`array_agg(visit_staff.staff_id ORDER BY visit_staff.staff_id)`.as('ids'))
        .where((inner) => sameCustomer(inner, 'visit_staff.visit_id', 'visits.id')),
      sql<number[]>`'{}'::integer[]`,
    )
    .$castTo<number[]>()
    .as('staff_ids');
}

export async function insertVisit(db: Db, customerId: string, visit: NewVisit): Promise<Visit> {
  const row = await db
    .insertInto('visits')
    .values({ ...visit, customer_id: customerId })
    .returning(visitColumns)
    .executeTakeFirstOrThrow();
  return { ...row, staff_ids: [] };
}

/** One visit of the customer; `forUpdate` locks it until the transaction ends. */
export async function findVisit(
  db: Db,
  customerId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Visit | undefined> {
  let query = db
    .selectFrom('visits')
    .select(visitColumns)
    .select(staffIds)
    .where('visits.customer_id', '=', customerId)
    .where('visits.id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Visits in progress (not completed), of the given workflows when named, oldest first. */
export async function listActiveVisits(
  db: Db,
  customerId: string,
  filter: { workflowIds?: readonly number[] } = {},
): Promise<Visit[]> {
  let query = db
    .selectFrom('visits')
    .select(visitColumns)
    .select(staffIds)
    .where('visits.customer_id', '=', customerId)
    .where('visits.completed_at', 'is', null);
  if (filter.workflowIds) {
    if (filter.workflowIds.length === 0) return [];
    query = query.where('visits.workflow_id', 'in', filter.workflowIds);
  }
  return query.orderBy('visits.arrived_at').orderBy('visits.id').execute();
}

/** Returns whether the customer has the visit (and so it was updated). */
export async function updateVisit(
  db: Db,
  customerId: string,
  id: number,
  patch: VisitPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('visits')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the staff with the patient. */
export async function setVisitStaff(
  db: Db,
  customerId: string,
  visitId: number,
  staffIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('visit_staff')
    .where('customer_id', '=', customerId)
    .where('visit_id', '=', visitId)
    .execute();
  if (staffIds.length === 0) return;
  await db
    .insertInto('visit_staff')
    .values(
      [...new Set(staffIds)].map((staff_id) => ({ customer_id: customerId, visit_id: visitId, staff_id })),
    )
    .execute();
}

/** Whether a visit in progress already has this family code. */
export async function isFamilyCodeInUse(db: Db, customerId: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('family_code', '=', code)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds several visits at once (the demo seed); returned in the order given. */
export async function insertVisits(
  db: Db,
  customerId: string,
  visits: readonly NewVisit[],
): Promise<Visit[]> {
  if (visits.length === 0) return [];
  const rows = await db
    .insertInto('visits')
    .values(visits.map((visit) => ({ ...visit, customer_id: customerId })))
    .returning(visitColumns)
    .execute();
  // PostgreSQL returns inserted rows in VALUES order; sort by id to not depend on it.
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ ...row, staff_ids: [] }));
}

/** Adds staff to visits (the demo seed), several pairs at once. */
export async function addVisitStaff(
  db: Db,
  customerId: string,
  pairs: readonly { visit_id: number; staff_id: number }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insertInto('visit_staff')
    .values(pairs.map((pair) => ({ ...pair, customer_id: customerId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Whether a visit in progress wears this badge. */
/** Whether a visit in progress wears the tag itself. */
export async function isTagWorn(db: Db, customerId: string, tagId: number): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('tag_id', '=', tagId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isBadgeWorn(db: Db, customerId: string, badgeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('badge_id', '=', badgeId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A visit as staff consoles read it (`VisitRecord`): everything a board could show, never the
 * patient's first or last name (decision BOF-33). The columns are named one by one, so a name
 * cannot come along by accident. A patient's names (`VisitNamesRecord`) are what only
 * securable/ reads hand out, each read audited (BOF-35).
 */
export type { VisitNamesRecord, VisitRecord };

export interface VisitListFilter {
  readonly workflow_id?: number | undefined;
  readonly phase_id?: number | undefined;
  readonly location_id?: number | undefined;
}

function visitsWithoutNames(db: Db, customerId: string) {
  return db
    .selectFrom('visits')
    .leftJoin('badges', (join) => sameCustomer(join, 'badges.id', 'visits.badge_id'))
    .select([
      'visits.id',
      'visits.display_name',
      'visits.family_code',
      'visits.workflow_id',
      'visits.phase_id',
      'visits.phase_entered_at',
      'visits.location_id',
      'visits.station_id',
      'visits.badge_id',
      'badges.label as badge_label',
      'visits.tag_id',
      'visits.arrived_at',
      'visits.completed_at',
    ])
    .select(staffIds)
    .where('visits.customer_id', '=', customerId);
}

function activeVisitsFiltered(db: Db, customerId: string, filter: VisitListFilter) {
  let query = visitsWithoutNames(db, customerId).where('visits.completed_at', 'is', null);
  if (filter.workflow_id !== undefined) query = query.where('visits.workflow_id', '=', filter.workflow_id);
  if (filter.phase_id !== undefined) query = query.where('visits.phase_id', '=', filter.phase_id);
  if (filter.location_id !== undefined) query = query.where('visits.location_id', '=', filter.location_id);
  // Oldest arrival first, as boards list them; the id breaks ties so pages never overlap.
  return query.orderBy('visits.arrived_at').orderBy('visits.id');
}

/** One page of the visits in progress, without names (BOF-33, BOF-34). */
export async function pageActiveVisits(
  db: Db,
  customerId: string,
  filter: VisitListFilter,
  page: PageRequest,
): Promise<Page<VisitRecord>> {
  return selectPage(activeVisitsFiltered(db, customerId, filter), page);
}

/** One visit, in progress or completed, without names. */
export async function findVisitWithoutNames(
  db: Db,
  customerId: string,
  id: number,
): Promise<VisitRecord | undefined> {
  return visitsWithoutNames(db, customerId).where('visits.id', '=', id).executeTakeFirst();
}

const visitNameColumns = [
  'visits.id',
  'visits.first_name',
  'visits.last_name',
  'visits.display_name',
  'visits.family_code',
  'visits.workflow_id',
  'visits.phase_id',
  'visits.arrived_at',
  'visits.completed_at',
] as const;

export async function findVisitNames(
  db: Db,
  customerId: string,
  id: number,
): Promise<VisitNamesRecord | undefined> {
  return db
    .selectFrom('visits')
    .select(visitNameColumns)
    .where('visits.customer_id', '=', customerId)
    .where('visits.id', '=', id)
    .executeTakeFirst();
}

/** One page of the names of the visits in progress, in the order of pageActiveVisits. */
export async function pageActiveVisitNames(
  db: Db,
  customerId: string,
  filter: VisitListFilter,
  page: PageRequest,
): Promise<Page<VisitNamesRecord>> {
  let query = db
    .selectFrom('visits')
    .select(visitNameColumns)
    .where('visits.customer_id', '=', customerId)
    .where('visits.completed_at', 'is', null);
  if (filter.workflow_id !== undefined) query = query.where('visits.workflow_id', '=', filter.workflow_id);
  if (filter.phase_id !== undefined) query = query.where('visits.phase_id', '=', filter.phase_id);
  if (filter.location_id !== undefined) query = query.where('visits.location_id', '=', filter.location_id);
  return selectPage(query.orderBy('visits.arrived_at').orderBy('visits.id'), page);
}

/** Where a care-setting delete looks for visits: a workflow's, or those in one phase now. */
export type VisitsOf = { readonly workflow_id: number } | { readonly phase_id: number };

function columnOf(of: VisitsOf): { column: 'workflow_id' | 'phase_id'; id: number } {
  return 'workflow_id' in of
    ? { column: 'workflow_id', id: of.workflow_id }
    : { column: 'phase_id', id: of.phase_id };
}

/** Whether a visit in progress is in the workflow (or in the phase now). */
export async function hasActiveVisits(db: Db, customerId: string, of: VisitsOf): Promise<boolean> {
  const { column, id } = columnOf(of);
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where(column, '=', id)
    .where('completed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the completed visits of a workflow (or that ended in a phase); their calls, staff and
 * phase history cascade: they reference it and go with it (decision BOF-10). Returns their ids.
 */
export async function deleteCompletedVisits(db: Db, customerId: string, of: VisitsOf): Promise<number[]> {
  const { column, id } = columnOf(of);
  const rows = await db
    .deleteFrom('visits')
    .where('customer_id', '=', customerId)
    .where(column, '=', id)
    .where('completed_at', 'is not', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
