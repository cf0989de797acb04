import type { Db } from '../../store/database.ts';
import {
  findAdtWorkflowId,
  findLocationIdByName,
  findPointOfCare,
  findRulePhaseForLocation,
} from '../../store/repositories/adt-mappings.ts';
import type { Visit } from '../../store/repositories/visits.ts';
import type { AdtFields } from './adt-fields.ts';
import { AdtRefusal } from './adt-refusal.ts';

/** Where an admitted visit goes: a workflow (at its first phase) and, when the room maps, a location. */
export interface AdmitPlace {
  readonly workflowId: number;
  readonly locationId: number | undefined;
}

/**
 * The workflow the patient's place maps to (FEED-63): a point-of-care mapping, else the
 * customer's default ADT workflow when its catch-all is on; undefined: the place is one no board
 * of this customer tracks.
 */
export async function mappedWorkflowId(
  trx: Db,
  customerId: string,
  adt: AdtFields,
): Promise<number | undefined> {
  const mapped = await findPointOfCare(trx, customerId, adt.place);
  return mapped?.workflow_id ?? (await findAdtWorkflowId(trx, customerId)) ?? undefined;
}

/** The admit's workflow and room, or undefined when nothing maps its place (FEED-63). */
export async function admitPlace(
  trx: Db,
  customerId: string,
  adt: AdtFields,
): Promise<AdmitPlace | undefined> {
  const workflowId = await mappedWorkflowId(trx, customerId, adt);
  if (workflowId === undefined) return undefined;
  return { workflowId, locationId: await findLocationIdByName(trx, customerId, adt.place.room) };
}

/** Where a transfer moves a visit: a phase of its workflow, a location, or both. */
export interface TransferTarget {
  readonly phaseId: number | undefined;
  readonly locationId: number | undefined;
}

/**
 * A02 (decision FEED-16): the point of care's phase, when its mapping has one and is of the
 * visit's workflow (a transfer never moves a visit to another workflow); the room's location;
 * with no phase from the point of care, the phase the feed rules give that location. Neither
 * a phase nor a location: refused (AR).
 */
export async function transferTarget(
  trx: Db,
  customerId: string,
  visit: Pick<Visit, 'workflow_id'>,
  adt: AdtFields,
): Promise<TransferTarget> {
  const mapped = await findPointOfCare(trx, customerId, adt.place);
  const mappedPhase =
    mapped && mapped.workflow_id === visit.workflow_id && mapped.phase_id !== null
      ? mapped.phase_id
      : undefined;
  const locationId = await findLocationIdByName(trx, customerId, adt.place.room);
  const phaseId =
    mappedPhase ??
    (locationId === undefined
      ? undefined
      : await findRulePhaseForLocation(trx, customerId, visit.workflow_id, locationId));
  if (phaseId === undefined && locationId === undefined) {
    throw new AdtRefusal(
      'AR',
      'A02: neither PV1-3.1 (point of care) nor PV1-3.2 (room) maps to a phase or location',
      '204',
    );
  }
  return { phaseId, locationId };
}
