import { completeVisit } from '../../services/complete-visit.ts';
import { admitVisitFromEhr } from '../../services/feeds/adt-admit-visit.ts';
import { renameVisit } from '../../services/feeds/adt-rename-visit.ts';
import { reopenVisit } from '../../services/feeds/adt-reopen-visit.ts';
import { moveVisitToPhase } from '../../services/move-visit-to-phase.ts';
import { insertAuditEvent } from '../../store/audit-events.ts';
import type { Db } from '../../store/database.ts';
import {
  findActiveEhrVisit,
  findActiveVisitIdByExternalId,
  findCompletedVisitIdByExternalId,
} from '../../store/repositories/adt-mappings.ts';
import { findVisit } from '../../store/repositories/visits.ts';
import type { AuditAction } from '../../store/tables/domain.ts';
import { type AdtFields, placeKey } from './adt-fields.ts';
import { AdtNotMapped, AdtRefusal } from './adt-refusal.ts';
import { admitPlace, mappedWorkflowId, transferTarget } from './adt-routing.ts';

export const HL7_ACTOR = 'feed:hl7';

export interface AdtContext {
  readonly customerId: string;
  /** The audit log's route: `MLLP ADT^A04`. */
  readonly route: string;
  readonly now: Date;
}

/** What a message did: the visit it touched, or none when it changed nothing. */
export interface AdtEffect {
  readonly visitId: number | null;
  readonly changed: boolean;
}

/**
 * Applies one ADT message through the services, inside the caller's transaction (which also
 * settles the stored message). Each change is audited with the feed as actor. What cannot be
 * mapped throws AdtRefusal; a place no board tracks throws AdtNotMapped (FEED-63); a service's
 * refusal throws its AppError (AE with its message).
 */
export async function applyAdt(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  switch (adt.event) {
    case 'A01':
    case 'A04':
      return admit(trx, adt, context);
    case 'A08': {
      const visitId = await activeVisitId(trx, adt, context);
      return rename(trx, visitId, adt, context);
    }
    case 'A02':
      return transfer(trx, adt, context);
    case 'A03':
    case 'A11': {
      // A11 (cancel admit): the visit leaves the boards as a discharge would (decision FEED-17).
      const visitId = await activeVisitId(trx, adt, context);
      await completeVisit(trx, context.customerId, { visit_id: visitId }, context.now);
      return audited(trx, context, 'update', visitId);
    }
    case 'A13':
      return cancelDischarge(trx, adt, context);
  }
}

/**
 * A01/A04: a new visit; one the EHR already has in progress is updated instead (decision
 * FEED-20), but only when it is the same patient's (FEED-62): an admit that reuses a visit
 * number for another patient identifier is refused, never a rename of someone else's row.
 */
async function admit(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const existing = await findActiveEhrVisit(trx, context.customerId, adt.externalId);
  if (existing !== undefined) {
    if (existing.external_patient_id && adt.patientId && existing.external_patient_id !== adt.patientId) {
      throw new AdtRefusal(
        'AE',
        `${adt.event}: the visit number (PV1-19) is in progress for another patient identifier (PID-3); nothing changed`,
        '205',
      );
    }
    return rename(trx, existing.id, adt, context);
  }
  const place = await admitPlace(trx, context.customerId, adt);
  if (!place) throw new AdtNotMapped(placeKey(adt.place));
  const visit = await admitVisitFromEhr(
    trx,
    context.customerId,
    {
      first_name: adt.firstName,
      last_name: adt.lastName,
      workflow_id: place.workflowId,
      ...(place.locationId !== undefined ? { location_id: place.locationId } : {}),
      external_id: adt.externalId,
      external_patient_id: adt.patientId || null,
    },
    context.now,
  );
  return audited(trx, context, 'create', visit.id);
}

async function rename(trx: Db, visitId: number, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const changed = await renameVisit(trx, context.customerId, {
    visit_id: visitId,
    first_name: adt.firstName,
    last_name: adt.lastName,
  });
  return changed ? audited(trx, context, 'update', visitId) : { visitId, changed: false };
}

async function transfer(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const visitId = await activeVisitId(trx, adt, context);
  const visit = await findVisit(trx, context.customerId, visitId);
  if (!visit) throw await unknownVisit(trx, adt, context);
  const target = await transferTarget(trx, context.customerId, visit, adt);
  // Same phase with a location: moveVisitToPhase changes only the location (decision API-08).
  await moveVisitToPhase(
    trx,
    context.customerId,
    {
      visit_id: visitId,
      phase_id: target.phaseId ?? visit.phase_id,
      ...(target.locationId !== undefined ? { location_id: target.locationId } : {}),
    },
    context.now,
  );
  return audited(trx, context, 'update', visitId);
}

/** A13: the visit the EHR discharged is in progress again; one still in progress changes nothing. */
async function cancelDischarge(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const active = await findActiveVisitIdByExternalId(trx, context.customerId, adt.externalId);
  if (active !== undefined) return { visitId: active, changed: false };
  const completed = await findCompletedVisitIdByExternalId(trx, context.customerId, adt.externalId);
  if (completed === undefined) throw await unknownVisit(trx, adt, context);
  await reopenVisit(trx, context.customerId, { visit_id: completed });
  return audited(trx, context, 'update', completed);
}

async function activeVisitId(trx: Db, adt: AdtFields, context: AdtContext): Promise<number> {
  const id = await findActiveVisitIdByExternalId(trx, context.customerId, adt.externalId);
  if (id === undefined) throw await unknownVisit(trx, adt, context);
  return id;
}

/**
 * No visit has this visit number: for a point of care no board tracks that is expected (the
 * patient was never shown, FEED-63); otherwise (a mapped or an empty PV1-3.1) the message names
 * a visit we should know, and is refused.
 */
async function unknownVisit(trx: Db, adt: AdtFields, context: AdtContext): Promise<Error> {
  const key = placeKey(adt.place);
  if (key !== '' && (await mappedWorkflowId(trx, context.customerId, adt)) === undefined) {
    return new AdtNotMapped(key);
  }
  return new AdtRefusal(
    'AR',
    `${adt.event}: no visit in progress has this visit number (PV1-19 or PID-3)`,
    '204',
  );
}

async function audited(
  trx: Db,
  context: AdtContext,
  action: AuditAction,
  visitId: number,
): Promise<AdtEffect> {
  await insertAuditEvent(trx, {
    customer_id: context.customerId,
    actor: HL7_ACTOR,
    actor_kind: 'feed',
    action,
    entity: 'visits',
    entity_id: String(visitId),
    route: context.route,
    status: null,
  });
  return { visitId, changed: true };
}
