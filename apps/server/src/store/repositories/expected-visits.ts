import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { ExpectedVisitSource, ExpectedVisitStatus } from '../tables/domain.ts';
import { type BoardScope, scopeText } from './board-row-queries.ts';
import { readCompiled } from './compiled-reads.ts';
import { sameCustomer } from './same-customer.ts';

/** A patient the EHR expects, as stored (migration 0212, decision BRD-23). */
export interface ExpectedVisitRecord {
  readonly id: number;
  readonly workflow_id: number;
  readonly external_id: string;
  readonly external_patient_id: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly expected_at: Date | null;
  readonly location_id: number | null;
  readonly source: ExpectedVisitSource;
  readonly status: ExpectedVisitStatus;
  readonly visit_id: number | null;
  readonly ended_at: Date | null;
}

/** What the EHR says of an expected patient: the columns a message writes. */
export type ExpectedVisitFields = Pick<
  ExpectedVisitRecord,
  | 'workflow_id'
  | 'external_id'
  | 'external_patient_id'
  | 'first_name'
  | 'last_name'
  | 'display_name'
  | 'expected_at'
  | 'location_id'
  | 'source'
>;

const columns = [
  'id',
  'workflow_id',
  'external_id',
  'external_patient_id',
  'first_name',
  'last_name',
  'display_name',
  'expected_at',
  'location_id',
  'source',
  'status',
  'visit_id',
  'ended_at',
] as const;

/** The row expected under the external id, if any; `forUpdate` locks it until the transaction ends. */
export async function findExpectedRow(
  db: Db,
  customerId: string,
  externalId: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<ExpectedVisitRecord | undefined> {
  let query = db
    .selectFrom('expected_visits')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('external_id', '=', externalId)
    .where('status', '=', 'expected');
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The row expected under the external id, else the one that ended last, else undefined. */
export async function findNewestExpectedRow(
  db: Db,
  customerId: string,
  externalId: string,
): Promise<ExpectedVisitRecord | undefined> {
  return db
    .selectFrom('expected_visits')
    .select(columns)
    .where('customer_id', '=', customerId)
    .where('external_id', '=', externalId)
    .orderBy('ended_at', (order) => order.desc().nullsFirst())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A new expected row; undefined when another transaction made one under the same external id
 * first (the partial unique index), which the caller then finds and updates. Not an error, so the
 * caller's transaction goes on.
 */
export async function insertExpectedRow(
  db: Db,
  customerId: string,
  fields: ExpectedVisitFields,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .insertInto('expected_visits')
    .values({ ...fields, customer_id: customerId, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['customer_id', 'external_id']).where('status', '=', 'expected').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateExpectedRow(
  db: Db,
  customerId: string,
  id: number,
  fields: ExpectedVisitFields,
  now: Date,
): Promise<void> {
  await db
    .updateTable('expected_visits')
    .set({ ...fields, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

/** Ends the row expected under the external id; its id and workflow, or undefined when none is expected. */
export async function endExpectedRow(
  db: Db,
  customerId: string,
  externalId: string,
  end: {
    readonly status: Exclude<ExpectedVisitStatus, 'expected'>;
    readonly visitId: number | null;
    readonly now: Date;
  },
): Promise<{ readonly id: number; readonly workflow_id: number } | undefined> {
  return db
    .updateTable('expected_visits')
    .set({ status: end.status, visit_id: end.visitId, ended_at: end.now, updated_at: end.now })
    .where('customer_id', '=', customerId)
    .where('external_id', '=', externalId)
    .where('status', '=', 'expected')
    .returning(['id', 'workflow_id'])
    .executeTakeFirst();
}

/** An expected patient as a workflow board shows them: no last name, no identifiers. */
export interface BoardExpectedVisit {
  readonly id: number;
  readonly display_name: string;
  readonly workflow_id: number;
  readonly expected_at: Date | null;
  readonly location_name: string | null;
}

/**
 * The patients a workflow board's scope expects before `until` (the end of the site's day), or
 * at no stated time, soonest first (BRD-23). Earlier ones still expected stay: a late patient is
 * still coming until the EHR says otherwise. A board narrowed to phases shows a workflow's
 * expected patients only when it lists the workflow's first phase, where an arrival starts.
 */
export async function listBoardExpectedVisits(
  db: Db,
  customerId: string,
  scope: BoardScope,
  until: Date,
): Promise<BoardExpectedVisit[]> {
  return readCompiled(db, `expected ${scopeText(customerId, scope)} ${until.toISOString()}`, () => {
    let query = db
      .selectFrom('expected_visits as e')
      .leftJoin('locations as l', (join) => sameCustomer(join, 'l.id', 'e.location_id'))
      .select(['e.id', 'e.display_name', 'e.workflow_id', 'e.expected_at', 'l.name as location_name'])
      .where('e.customer_id', '=', customerId)
      .where('e.status', '=', 'expected')
      .where((eb) => eb.or([eb('e.expected_at', 'is', null), eb('e.expected_at', '<', until)]));
    if (scope.workflowIds.length > 0) query = query.where('e.workflow_id', 'in', [...scope.workflowIds]);
    if (scope.phaseIds.length > 0) {
      query = query.where('e.workflow_id', 'in', (eb) =>
        eb
          .selectFrom('phases as p')
          .select('p.workflow_id')
          .where('p.customer_id', '=', customerId)
          .where('p.id', 'in', [...scope.phaseIds])
          .where(
            sql<boolean>`NOT EXISTS (SELECT 1 FROM phases q WHERE q.customer_id = p.customer_id
              AND q.workflow_id = p.workflow_id AND q.position < p.position)`,
          ),
      );
    }
    return query.orderBy('e.expected_at', (order) => order.asc().nullsLast()).orderBy('e.id');
  });
}

/**
 * The external id a patient is expected under on a workflow (the oldest, should there be two):
 * an appointment's, which the visit number of the admit that follows does not repeat (FEED-72).
 */
export async function findExpectedIdOfPatient(
  db: Db,
  customerId: string,
  patientId: string,
  workflowId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('expected_visits')
    .select('external_id')
    .where('customer_id', '=', customerId)
    .where('external_patient_id', '=', patientId)
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'expected')
    .orderBy('expected_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.external_id;
}
