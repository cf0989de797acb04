import { z } from 'zod';
import { displayName } from '../domain/display-name.ts';
import { AppError } from '../errors/app-error.ts';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { boardIdsShowingExpectedVisits } from '../store/repositories/board-scope.ts';
import {
  type ExpectedVisitFields,
  type ExpectedVisitRecord,
  endExpectedRow,
  findExpectedRow,
  findNewestExpectedRow,
  insertExpectedRow,
  updateExpectedRow,
} from '../store/repositories/expected-visits.ts';
import { parseInput } from './parse-input.ts';
import { idSchema, nameSchema, textSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

/*
 * Expected patients (decision BRD-23): the EHR's pre-admits (ADT A05, A14) and appointments (SIU)
 * name a patient before they arrive; a workflow board with `show_expected` lists them. The feeds
 * call these inside the transaction that settles the stored message (a `Db` that is a transaction
 * is joined, runWrite); each records its change, so the boards update live (LIVE-63).
 */

export interface ExpectVisitInput {
  readonly workflow_id: number;
  /** The EHR's visit number or appointment id. */
  readonly external_id: string;
  readonly external_patient_id: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly expected_at: Date | null;
  readonly source: 'adt' | 'siu';
  readonly location_id?: number | null;
}

export interface ExpectedVisit {
  readonly id: number;
  readonly workflow_id: number;
  readonly external_id: string;
  readonly external_patient_id: string | null;
  readonly expected_at: Date | null;
  readonly status: 'expected' | 'arrived' | 'cancelled' | 'no_show' | 'deleted';
}

/** The names as a visit's are (admitVisit), so the patient reads the same before and after arriving. */
const expectVisitInput = z.strictObject({
  workflow_id: idSchema,
  external_id: textSchema().trim().min(1).max(200),
  external_patient_id: textSchema().trim().max(200).nullable(),
  first_name: nameSchema(60),
  last_name: nameSchema(60),
  expected_at: z.date().nullable(),
  source: z.enum(['adt', 'siu']),
  location_id: idSchema.nullable().optional(),
});

/**
 * Upsert: the row expected under this external id is updated (names, time, workflow, location),
 * else one is made. `changed`: whether anything a board shows changed (the display name, the
 * time, the workflow, the place); only then is a change recorded. A null patient identifier or an
 * omitted `location_id` keeps the one known (null clears the place); the row keeps the source that
 * made it. A workflow or place not the customer's is NO_MASTER_ENTITY_FOUND (the same-customer
 * foreign keys). Two messages for one new external id at once make one row: the second updates it.
 *
 * Writes no audit event: the feed audits what it applied with its own actor and route, as it
 * does for the visits it admits.
 */
export async function expectVisit(
  db: Db,
  customerId: string,
  input: ExpectVisitInput,
  now: Date = new Date(),
): Promise<{ readonly id: number; readonly changed: boolean }> {
  const data = parseInput(expectVisitInput, input);
  return runWrite(db, async (trx) => {
    const fields: ExpectedVisitFields = {
      workflow_id: data.workflow_id,
      external_id: data.external_id,
      external_patient_id: data.external_patient_id || null,
      first_name: data.first_name,
      last_name: data.last_name,
      display_name: displayName(data.first_name, data.last_name),
      expected_at: data.expected_at,
      location_id: data.location_id ?? null,
      source: data.source,
    };
    let existing = await findExpectedRow(trx, customerId, fields.external_id, { forUpdate: true });
    if (!existing) {
      const id = await insertExpectedRow(trx, customerId, fields, now);
      if (id !== undefined) {
        await recordExpectedVisitChange(trx, customerId, id, 'insert', [fields.workflow_id]);
        return { id, changed: true };
      }
      // Another writer made it since we looked, and committed: this message updates theirs.
      existing = await findExpectedRow(trx, customerId, fields.external_id, { forUpdate: true });
      if (!existing) throw new Error(`The expected row ${fields.external_id} vanished while being made.`);
    }
    const next: ExpectedVisitFields = {
      ...fields,
      external_patient_id: fields.external_patient_id ?? existing.external_patient_id,
      location_id: data.location_id === undefined ? existing.location_id : fields.location_id,
      source: existing.source,
    };
    const shown = showsOtherwise(existing, next);
    if (
      shown ||
      existing.first_name !== next.first_name ||
      existing.last_name !== next.last_name ||
      existing.external_patient_id !== next.external_patient_id
    ) {
      await updateExpectedRow(trx, customerId, existing.id, next, now);
    }
    if (shown) {
      await recordExpectedVisitChange(trx, customerId, existing.id, 'update', [
        existing.workflow_id,
        next.workflow_id,
      ]);
    }
    return { id: existing.id, changed: shown };
  });
}

/**
 * Ends the row expected under this external id; undefined when none is expected. `visitId` for
 * 'arrived': the visit the patient arrived as, made by the caller in the same transaction (not the
 * customer's: NO_MASTER_ENTITY_FOUND); a visit with another outcome is IS_NOT_VALID. The row is
 * kept, ended, so a later message about it finds what became of it (findExpectedVisit).
 *
 * Writes no audit event: the feed audits with its own actor, as for expectVisit.
 */
export async function endExpectedVisit(
  db: Db,
  customerId: string,
  externalId: string,
  outcome: 'arrived' | 'cancelled' | 'no_show' | 'deleted',
  options: { readonly visitId?: number; readonly now?: Date } = {},
): Promise<number | undefined> {
  const visitId = options.visitId ?? null;
  if (visitId !== null && outcome !== 'arrived') throw new AppError('IS_NOT_VALID', { field: 'visit_id' });
  return runWrite(db, async (trx) => {
    const ended = await endExpectedRow(trx, customerId, externalId, {
      status: outcome,
      visitId,
      now: options.now ?? new Date(),
    });
    if (!ended) return undefined;
    await recordExpectedVisitChange(trx, customerId, ended.id, 'update', [ended.workflow_id]);
    return ended.id;
  });
}

/**
 * The row expected under this external id; when none is, the one under it that ended last (its
 * status says how), so a late cancel of a patient who already arrived can be told apart from an
 * id never seen (undefined).
 */
export async function findExpectedVisit(
  db: Db,
  customerId: string,
  externalId: string,
): Promise<ExpectedVisit | undefined> {
  const row = await findNewestExpectedRow(db, customerId, externalId);
  if (!row) return undefined;
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    external_id: row.external_id,
    external_patient_id: row.external_patient_id,
    expected_at: row.expected_at,
    status: row.status,
  };
}

/** Whether a board would show the row otherwise: its name, time, workflow or place. */
function showsOtherwise(before: ExpectedVisitRecord, after: ExpectedVisitFields): boolean {
  return (
    before.display_name !== after.display_name ||
    before.workflow_id !== after.workflow_id ||
    before.location_id !== after.location_id ||
    (before.expected_at?.getTime() ?? null) !== (after.expected_at?.getTime() ?? null)
  );
}

/** Records an expected patient's change for the workflow boards showing expected patients of these workflows. */
async function recordExpectedVisitChange(
  trx: Db,
  customerId: string,
  id: number,
  action: 'insert' | 'update',
  workflowIds: readonly number[],
): Promise<void> {
  const boardIds = await boardIdsShowingExpectedVisits(trx, customerId, [...new Set(workflowIds)]);
  await recordChanges(trx, customerId, [{ entity: 'expected_visit', entityId: id, action, boardIds }]);
}
