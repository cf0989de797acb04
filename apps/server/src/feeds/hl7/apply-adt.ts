import { completeVisit } from '../../services/complete-visit.ts';
import { endExpectedVisit, expectVisit, findExpectedVisit } from '../../services/expected-visits.ts';
import { admitVisitFromEhr } from '../../services/feeds/adt-admit-visit.ts';
import { renameVisit } from '../../services/feeds/adt-rename-visit.ts';
import { reopenVisit } from '../../services/feeds/adt-reopen-visit.ts';
import { markEhrEventAt, setVisitAway, setVisitIdentifiers } from '../../services/feeds/adt-visit-updates.ts';
import { moveVisitToPhase } from '../../services/move-visit-to-phase.ts';
import { insertAuditEvent } from '../../store/audit-events.ts';
import type { Db } from '../../store/database.ts';
import {
  type EhrVisit,
  findActiveEhrVisit,
  findActiveVisitsOfPatient,
  findCompletedVisitIdByExternalId,
  findLocationIdByName,
} from '../../store/repositories/adt-mappings.ts';
import { findExpectedIdOfPatient } from '../../store/repositories/expected-visits.ts';
import { listVisitPhaseStays } from '../../store/repositories/phase-history.ts';
import { findVisit } from '../../store/repositories/visits.ts';
import type { AuditAction } from '../../store/tables/domain.ts';
import { type AdtFields, mergedIdOf, placeKey } from './adt-fields.ts';
import { AdtNotMapped, AdtOutOfOrder, AdtRefusal } from './adt-refusal.ts';
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

const NOTHING: AdtEffect = Object.freeze({ visitId: null, changed: false });

/**
 * Applies one ADT message through the services, inside the caller's transaction (which also
 * settles the stored message); the conformance table in docs/feeds.md says what each event does.
 * Each change is audited with the feed as actor. What cannot be mapped throws AdtRefusal; a
 * place no board tracks throws AdtNotMapped (FEED-63), a message older than its visit's last
 * event AdtOutOfOrder (FEED-70), both before anything is written; a service's refusal throws its
 * AppError (AE with its message).
 */
export async function applyAdt(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  switch (adt.event) {
    case 'A01':
    case 'A04':
      return admit(trx, adt, context);
    case 'A05':
    case 'A14':
      return preAdmit(trx, adt, context);
    case 'A38':
    case 'A27':
      return cancelExpected(trx, adt, context);
    case 'A08':
    case 'A06':
    case 'A07':
      return update(trx, adt, context);
    case 'A28':
    case 'A31':
      return renamePerson(trx, adt, context);
    case 'A02':
      return transfer(trx, adt, context);
    case 'A12':
      return cancelTransfer(trx, adt, context);
    case 'A17':
      return swap(trx, adt, context);
    case 'A21':
    case 'A22':
      return leave(trx, adt, context);
    case 'A03':
    case 'A11': {
      // A11 (cancel admit): the visit leaves the boards as a discharge would (decision FEED-17).
      const visit = await activeVisit(trx, adt, context);
      await completeVisit(trx, context.customerId, { visit_id: visit.id }, context.now);
      return audited(trx, adt, context, 'update', visit.id);
    }
    case 'A13':
      return cancelDischarge(trx, adt, context);
    case 'A18':
    case 'A34':
    case 'A36':
    case 'A39':
    case 'A40':
      return mergePatient(trx, adt, context);
    case 'A35':
    case 'A41':
    case 'A42':
      return mergeVisit(trx, adt, context);
    case 'S12':
    case 'S13':
    case 'S14':
    case 'S15':
    case 'S17':
    case 'S26':
      return appointment(trx, adt, context);
  }
}

/**
 * SIU (FEED-72): a booked, rescheduled or modified appointment is an expected patient at its
 * time on the clinic's workflow; a status the facility reads as arrival makes the visit active
 * (as an A04 would); a cancel, deletion or no-show (the event or SCH-25) ends the expected row.
 */
async function appointment(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const booking = adt.appointment;
  if (!booking) throw new AdtRefusal('AE', `${adt.event}: SCH (the appointment) is missing`, '101');
  if (booking.ended) {
    const ended = await endExpectedVisit(trx, context.customerId, booking.id, booking.ended, {
      now: context.now,
    });
    if (ended === undefined) return NOTHING;
    await audit(trx, context, 'update', 'expected_visits', ended);
    return { visitId: null, changed: true };
  }
  if (booking.arrived) {
    const arrived = await admit(trx, adt, context);
    if (arrived.visitId !== null && booking.id !== adt.externalId) {
      await endExpectedVisit(trx, context.customerId, booking.id, 'arrived', {
        visitId: arrived.visitId,
        now: context.now,
      });
    }
    return arrived;
  }
  return expected(trx, adt, context, { id: booking.id, at: booking.startsAt, source: 'siu' });
}

/**
 * The patient expected on the workflow the place maps to (FEED-68), under the id, at the time;
 * a place nothing maps is left out (FEED-63).
 */
async function expected(
  trx: Db,
  adt: AdtFields,
  context: AdtContext,
  booking: { readonly id: string; readonly at: Date | undefined; readonly source: 'adt' | 'siu' },
): Promise<AdtEffect> {
  const workflowId = await mappedWorkflowId(trx, context.customerId, adt);
  if (workflowId === undefined) throw new AdtNotMapped(placeKey(adt.place));
  const locationId = await findLocationIdByName(trx, context.customerId, adt.place.room);
  const made = await expectVisit(
    trx,
    context.customerId,
    {
      workflow_id: workflowId,
      external_id: booking.id,
      external_patient_id: adt.patientId || null,
      first_name: adt.firstName,
      last_name: adt.lastName,
      expected_at: booking.at ?? null,
      source: booking.source,
      location_id: locationId ?? null,
    },
    context.now,
  );
  if (!made.changed) return NOTHING;
  await audit(trx, context, 'update', 'expected_visits', made.id);
  return { visitId: null, changed: true };
}

/**
 * A01/A04: a new visit; one the EHR already has in progress is updated instead (decision
 * FEED-20), but only when it is the same patient's (FEED-62): an admit that reuses a visit
 * number for another patient identifier is refused, never a rename of someone else's row. An
 * expected visit of that number (A05, A14, an appointment) has arrived (FEED-68).
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
    inOrder(existing, adt);
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
  const arrival = { visitId: visit.id, now: context.now };
  const ended = await endExpectedVisit(trx, context.customerId, adt.externalId, 'arrived', arrival);
  // Booked by appointment (SIU), admitted by visit number: the patient's appointment on this workflow.
  const booked =
    ended === undefined && adt.patientId
      ? await findExpectedIdOfPatient(trx, context.customerId, adt.patientId, place.workflowId)
      : undefined;
  if (booked !== undefined) await endExpectedVisit(trx, context.customerId, booked, 'arrived', arrival);
  return audited(trx, adt, context, 'create', visit.id);
}

/**
 * A05 (pre-admit) and A14 (pending admit): the patient is expected on the workflow the place
 * maps to, shown where a board asks for expected patients (FEED-68); a visit already in
 * progress under that number is only renamed.
 */
async function preAdmit(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const existing = await findActiveEhrVisit(trx, context.customerId, adt.externalId);
  if (existing !== undefined) {
    inOrder(existing, adt);
    return rename(trx, existing.id, adt, context);
  }
  return expected(trx, adt, context, { id: adt.externalId, at: adt.eventAt, source: 'adt' });
}

/** A38 (cancel pre-admit) and A27 (cancel pending admit): the expected patient is no longer expected. */
async function cancelExpected(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const expected = await findExpectedVisit(trx, context.customerId, adt.externalId);
  if (expected?.status !== 'expected') {
    if ((await mappedWorkflowId(trx, context.customerId, adt)) === undefined && placeKey(adt.place)) {
      throw new AdtNotMapped(placeKey(adt.place));
    }
    return NOTHING;
  }
  const ended = await endExpectedVisit(trx, context.customerId, adt.externalId, 'cancelled', {
    now: context.now,
  });
  if (ended === undefined) return NOTHING;
  await audit(trx, context, 'update', 'expected_visits', ended);
  return { visitId: null, changed: true };
}

async function rename(trx: Db, visitId: number, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  if (!adt.firstName || !adt.lastName) return { visitId, changed: false };
  const changed = await renameVisit(trx, context.customerId, {
    visit_id: visitId,
    first_name: adt.firstName,
    last_name: adt.lastName,
  });
  return changed ? audited(trx, adt, context, 'update', visitId) : touched(trx, adt, context, visitId);
}

/**
 * A08 (update), A06 and A07 (outpatient to inpatient and back: the visit goes on, FEED-69): the
 * names; for A06/A07 a visit number that changed (MRG-5, the one before) moves to the new one.
 */
async function update(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const prior = adt.event !== 'A08' ? adt.merge?.visitNumber : undefined;
  if (prior && prior !== adt.externalId) {
    const before = await findActiveEhrVisit(trx, context.customerId, prior);
    if (
      before !== undefined &&
      (await findActiveEhrVisit(trx, context.customerId, adt.externalId)) === undefined
    ) {
      inOrder(before, adt);
      await setVisitIdentifiers(trx, context.customerId, before.id, { external_id: adt.externalId });
      await rename(trx, before.id, adt, context);
      return audited(trx, adt, context, 'update', before.id);
    }
  }
  const visit = await activeVisit(trx, adt, context);
  return rename(trx, visit.id, adt, context);
}

/** A28 (add person) and A31 (update person): the names of the patient's visits in progress follow. */
async function renamePerson(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const visits = await findActiveVisitsOfPatient(trx, context.customerId, adt.patientId);
  let last: AdtEffect = NOTHING;
  for (const visit of visits) {
    if (adt.eventAt && visit.ehr_event_at && adt.eventAt < visit.ehr_event_at) continue;
    const effect = await rename(trx, visit.id, adt, context);
    if (effect.changed) last = effect;
  }
  return last;
}

async function transfer(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const found = await activeVisit(trx, adt, context);
  const visit = await findVisit(trx, context.customerId, found.id);
  if (!visit) throw await unknownVisit(trx, adt, context);
  const target = await transferTarget(trx, context.customerId, visit, adt);
  // Same phase with a location: moveVisitToPhase changes only the location (decision API-08).
  await moveVisitToPhase(
    trx,
    context.customerId,
    {
      visit_id: visit.id,
      phase_id: target.phaseId ?? visit.phase_id,
      ...(target.locationId !== undefined ? { location_id: target.locationId } : {}),
    },
    context.now,
  );
  return audited(trx, adt, context, 'update', visit.id);
}

/**
 * A12 (cancel transfer, FEED-69): back where the patient was. PV1-3 names that place (the
 * standard sends the location before the transfer): its phase and room as an A02 reads them;
 * with no phase from it, the phase the visit was in before its current one.
 */
async function cancelTransfer(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const found = await activeVisit(trx, adt, context);
  const visit = await findVisit(trx, context.customerId, found.id);
  if (!visit) throw await unknownVisit(trx, adt, context);
  const target = await transferTarget(trx, context.customerId, visit, adt).catch(() => ({
    phaseId: undefined,
    locationId: undefined,
  }));
  const stays = await listVisitPhaseStays(trx, context.customerId, visit.id);
  const previous = stays.length >= 2 ? stays[stays.length - 2]?.phase_id : undefined;
  const phaseId = target.phaseId ?? previous;
  if (phaseId === undefined && target.locationId === undefined) {
    throw new AdtRefusal('AR', 'A12: the visit has no place before its transfer to go back to', '204');
  }
  await moveVisitToPhase(
    trx,
    context.customerId,
    {
      visit_id: visit.id,
      phase_id: phaseId ?? visit.phase_id,
      ...(target.locationId !== undefined ? { location_id: target.locationId } : {}),
    },
    context.now,
  );
  return audited(trx, adt, context, 'update', visit.id);
}

/**
 * A17 (swap patients, FEED-69): the two visits trade places. The swap is symmetric, so which of
 * the two PV1s names the old or the new bed does not matter: each takes the other's location.
 */
async function swap(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const other = adt.other;
  if (!other) throw new AdtRefusal('AE', 'A17: the second patient (a second PID and PV1) is missing', '101');
  const first = await activeVisit(trx, adt, context);
  const second = await activeVisit(
    trx,
    { ...adt, externalId: other.externalId, place: other.place },
    context,
  );
  const [a, b] = [
    await findVisit(trx, context.customerId, first.id),
    await findVisit(trx, context.customerId, second.id),
  ];
  if (!a || !b) throw await unknownVisit(trx, adt, context);
  for (const [visit, place] of [
    [a, b.location_id],
    [b, a.location_id],
  ] as const) {
    await moveVisitToPhase(
      trx,
      context.customerId,
      { visit_id: visit.id, phase_id: visit.phase_id, location_id: place },
      context.now,
    );
  }
  await audited(trx, adt, context, 'update', b.id);
  return audited(trx, adt, context, 'update', a.id);
}

/** A21 (leave of absence) and A22 (back from it, FEED-69): shown as away, then here again. */
async function leave(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const visit = await activeVisit(trx, adt, context);
  const away = adt.event === 'A21' ? (adt.eventAt ?? context.now) : null;
  const changed = await setVisitAway(trx, context.customerId, visit.id, away);
  return changed ? audited(trx, adt, context, 'update', visit.id) : touched(trx, adt, context, visit.id);
}

/** A13: the visit the EHR discharged is in progress again; one still in progress changes nothing. */
async function cancelDischarge(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const active = await findActiveEhrVisit(trx, context.customerId, adt.externalId);
  if (active !== undefined) return { visitId: active.id, changed: false };
  const completed = await findCompletedVisitIdByExternalId(trx, context.customerId, adt.externalId);
  if (completed === undefined) throw await unknownVisit(trx, adt, context);
  await reopenVisit(trx, context.customerId, { visit_id: completed });
  return audited(trx, adt, context, 'update', completed);
}

/**
 * A18, A34, A36, A39, A40 (FEED-69): the patient identifier MRG-1 names is merged into PID-3's.
 * The visits in progress under the old one now carry the survivor's identifier (and its number
 * when they were known by the patient's), so later messages under the survivor find them; when
 * the survivor has a visit in progress of its own, that one survives and the merged one is
 * completed.
 */
async function mergePatient(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const prior = mergedIdOf(adt.event, adt.merge);
  if (prior === adt.patientId) return NOTHING;
  const merged = await findActiveVisitsOfPatient(trx, context.customerId, prior);
  const survivors = await findActiveVisitsOfPatient(trx, context.customerId, adt.patientId);
  let last: AdtEffect = NOTHING;
  for (const visit of merged) {
    const knownByPatient = visit.external_id === prior;
    const clash = knownByPatient && survivors.some((survivor) => survivor.external_id === adt.patientId);
    if (clash) {
      await completeVisit(trx, context.customerId, { visit_id: visit.id }, context.now);
    } else {
      await setVisitIdentifiers(trx, context.customerId, visit.id, {
        external_patient_id: adt.patientId,
        ...(knownByPatient ? { external_id: adt.patientId } : {}),
      });
    }
    last = await audited(trx, adt, context, 'update', visit.id);
  }
  return last;
}

/**
 * A35, A41 (account, MRG-3 into PID-18) and A42 (visit, MRG-5 into PV1-19), FEED-69: the visit
 * known by the old number is known by the new one; when a visit of the new number is in
 * progress already, it survives and the old one is completed.
 */
async function mergeVisit(trx: Db, adt: AdtFields, context: AdtContext): Promise<AdtEffect> {
  const prior = mergedIdOf(adt.event, adt.merge);
  const into = adt.event === 'A42' ? adt.externalId : adt.account;
  if (!into)
    throw new AdtRefusal('AE', `${adt.event}: the number merged into (PID-18 or PV1-19) is missing`, '101');
  if (prior === into) return NOTHING;
  const merged = await findActiveEhrVisit(trx, context.customerId, prior);
  if (merged === undefined) return NOTHING;
  if ((await findActiveEhrVisit(trx, context.customerId, into)) !== undefined) {
    await completeVisit(trx, context.customerId, { visit_id: merged.id }, context.now);
  } else {
    await setVisitIdentifiers(trx, context.customerId, merged.id, { external_id: into });
  }
  return audited(trx, adt, context, 'update', merged.id);
}

/** The visit in progress this message names, checked for order; refused (or left out) when none. */
async function activeVisit(trx: Db, adt: AdtFields, context: AdtContext): Promise<EhrVisit> {
  const visit = await findActiveEhrVisit(trx, context.customerId, adt.externalId);
  if (visit === undefined) throw await unknownVisit(trx, adt, context);
  inOrder(visit, adt);
  return visit;
}

/** FEED-70: a message whose event happened before the visit's last applied one changes nothing. */
function inOrder(visit: EhrVisit, adt: AdtFields): void {
  if (adt.eventAt && visit.ehr_event_at && adt.eventAt < visit.ehr_event_at) {
    throw new AdtOutOfOrder(adt.event, adt.eventAt, visit.ehr_event_at);
  }
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

/** A visit the message applied to, unchanged: its event time still counts (FEED-70). */
async function touched(trx: Db, adt: AdtFields, context: AdtContext, visitId: number): Promise<AdtEffect> {
  if (adt.eventAt) await markEhrEventAt(trx, context.customerId, visitId, adt.eventAt);
  return { visitId, changed: false };
}

async function audited(
  trx: Db,
  adt: AdtFields,
  context: AdtContext,
  action: AuditAction,
  visitId: number,
): Promise<AdtEffect> {
  if (adt.eventAt) await markEhrEventAt(trx, context.customerId, visitId, adt.eventAt);
  await audit(trx, context, action, 'visits', visitId);
  return { visitId, changed: true };
}

async function audit(
  trx: Db,
  context: AdtContext,
  action: AuditAction,
  entity: 'visits' | 'expected_visits',
  id: number,
): Promise<void> {
  await insertAuditEvent(trx, {
    customer_id: context.customerId,
    actor: HL7_ACTOR,
    actor_kind: 'feed',
    action,
    entity,
    entity_id: String(id),
    route: context.route,
    status: null,
  });
}
