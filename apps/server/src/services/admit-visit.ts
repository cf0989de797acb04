import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { displayName } from '../domain/display-name.ts';
import { familyCode } from '../domain/family-code.ts';
import { AppError } from '../errors/app-error.ts';
import type { Db } from '../store/database.ts';
import { openPhaseStay } from '../store/repositories/phase-history.ts';
import { insertVisit, isFamilyCodeInUse, setVisitStaff, type Visit } from '../store/repositories/visits.ts';
import { findWorkflow, listPhases } from '../store/repositories/workflows.ts';
import { recordVisitChange, reloadVisit } from './active-visit.ts';
import { resolveWorn } from './equipment/visit-tag.ts';
import { parseInput } from './parse-input.ts';
import { idListSchema, idSchema, nameSchema, textSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

export const admitVisitInput = z.strictObject({
  first_name: nameSchema(60),
  last_name: nameSchema(60),
  /** Given by the caller or made up here; unique among visits in progress. */
  family_code: textSchema()
    .trim()
    .toUpperCase()
    .min(3)
    .max(12)
    .regex(/^[A-Z0-9-]+$/)
    .optional(),
  workflow_id: idSchema,
  /** Defaults to the workflow's first phase. */
  phase_id: idSchema.optional(),
  badge_id: idSchema.nullable().optional(),
  /** Defaults to the badge's tag; a tag alone brings the badge it sits in (decision BOF-21). */
  tag_id: idSchema.nullable().optional(),
  location_id: idSchema.nullable().optional(),
  staff_ids: idListSchema(20).optional(),
});

export type AdmitVisitInput = z.input<typeof admitVisitInput>;

/** A patient arrives: a visit in progress, in its first (or the given) phase from `now`. */
export async function admitVisit(
  db: Db,
  customerId: string,
  input: AdmitVisitInput,
  now: Date = new Date(),
): Promise<Visit> {
  const data = parseInput(admitVisitInput, input);
  return runWrite(db, async (trx) => {
    const phaseId = data.phase_id ?? (await firstPhaseId(trx, customerId, data.workflow_id));
    // In use, not a patient badge, non-reporting, low battery: domain/tag-usability.ts (BOF-19, BOF-20).
    const worn = await resolveWorn(trx, customerId, data, null, now);
    const visit = await insertVisit(trx, customerId, {
      first_name: data.first_name,
      last_name: data.last_name,
      display_name: displayName(data.first_name, data.last_name),
      family_code: data.family_code ?? (await unusedFamilyCode(trx, customerId)),
      tag_id: worn.tagId,
      badge_id: worn.badgeId,
      workflow_id: data.workflow_id,
      phase_id: phaseId,
      phase_entered_at: now,
      location_id: data.location_id ?? null,
      station_id: null,
      arrived_at: now,
    });
    await openPhaseStay(trx, customerId, { visit_id: visit.id, phase_id: phaseId, entered_at: now });
    if (data.staff_ids) await setVisitStaff(trx, customerId, visit.id, data.staff_ids);
    await recordVisitChange(trx, customerId, visit, 'insert');
    return reloadVisit(trx, customerId, visit.id);
  });
}

async function firstPhaseId(trx: Db, customerId: string, workflowId: number): Promise<number> {
  if (!(await findWorkflow(trx, customerId, workflowId))) {
    throw new AppError('NO_MASTER_ENTITY_FOUND', {
      entity: 'Workflow',
      field: 'workflow_id',
      value: String(workflowId),
    });
  }
  const [first] = await listPhases(trx, customerId, workflowId);
  if (!first) throw new AppError('IS_NOT_VALID', { field: 'workflow_id' });
  return first.id;
}

async function unusedFamilyCode(trx: Db, customerId: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = familyCode(randomInt);
    if (!(await isFamilyCodeInUse(trx, customerId, code))) return code;
  }
  throw new Error('No unused family code was found.');
}
