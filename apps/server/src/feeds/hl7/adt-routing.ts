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
 * The point of care's mapping picks the workflow; with none, the customer's default ADT
 * workflow; with neither, the message is refused (AR).
 */
export async function admitPlace(trx: Db, customerId: string, adt: AdtFields): Promise<AdmitPlace> {
  const mapped = await findPointOfCare(trx, customerId, adt.pointOfCare);
  const workflowId = mapped?.workflow_id ?? (await findAdtWorkflowId(trx, customerId));
  if (workflowId === null) {
    throw new AdtRefusal(
      'AR',
      'PV1-3.1 (point of care) maps to no workflow and the customer has no default ADT workflow',
      '204',
    );
  }
  return { workflowId, locationId: await findLocationIdByName(trx, customerId, adt.room) };
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
  const mapped = await findPointOfCare(trx, customerId, adt.pointOfCare);
  const mappedPhase =
    mapped && mapped.workflow_id === visit.workflow_id && mapped.phase_id !== null
      ? mapped.phase_id
      : undefined;
  const locationId = await findLocationIdByName(trx, customerId, adt.room);
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
