import type { DryRunFields, DryRunMessage, DryRunResult } from '@careboard/contracts';
import { Hl7Message } from '@medplum/core';
import type { Logger } from 'pino';
import { refuseSender } from '../../domain/adt-senders.ts';
import type { Db } from '../../store/database.ts';
import {
  findActiveEhrVisit,
  findAdtWorkflowId,
  findBoardsShowingWorkflow,
  findCustomerFacility,
  findPointOfCare,
} from '../../store/repositories/adt-mappings.ts';
import { findVisit } from '../../store/repositories/visits.ts';
import { findPhase, findWorkflow } from '../../store/repositories/workflows.ts';
import { type AdtFields, placeKey, readAdt, readEnvelope } from './adt-fields.ts';
import { AdtIgnored } from './adt-refusal.ts';
import { applyAdt } from './apply-adt.ts';
import { charsetOf, DEFAULT_CHARSET, decodeHl7, type Hl7Charset } from './hl7-charset.ts';
import { splitFrame } from './hl7-frame.ts';
import { firstSegment, precheckAdt, refusalOf, SENDER_NOT_ACCEPTED } from './receive-adt.ts';

/** What a dry run is given: text pasted (already characters), or a file's bytes (read as the feed reads them). */
export type DryRunInput = { readonly text: string } | { readonly bytes: Buffer };

/** At most this many messages are tried in one run. */
const MAX_MESSAGES = 200;

/** The event's effect, in a word, when it changes a visit in progress (`admit` when it makes one). */
const EFFECT_OF_EVENT: Readonly<Record<string, string>> = {
  A01: 'update',
  A04: 'update',
  A08: 'rename',
  A02: 'transfer',
  A03: 'discharge',
  A11: 'cancel admit',
  A13: 'cancel discharge',
};

const NO_PLACE: DryRunMessage['place'] = Object.freeze({
  status: 'none',
  mapping_id: null,
  workflow_id: null,
  workflow_name: null,
});

/** Thrown to roll a dry run's transaction back, carrying what it found. */
class DryRunRollback extends Error {
  readonly found: Pick<DryRunMessage, 'answer' | 'effect'>;
  constructor(found: Pick<DryRunMessage, 'answer' | 'effect'>) {
    super('dry run');
    this.found = found;
  }
}

/**
 * Tries messages as the feed would take them, applying and storing nothing (decision FEED-67):
 * each message of the text is read (its character set, its fields), its facility looked up
 * among the caller's own (another customer's or nobody's is "not one of yours", as the feed
 * answers both alike), its sender checked by name (a dry run has no address), its place matched
 * as the feed matches it, and then applied inside a transaction that is always rolled back, so
 * what it says would change is what the feed's own code did, boards included. Names in the
 * answer are only those of the text given.
 */
export async function dryRunAdt(
  db: Db,
  customerId: string,
  input: DryRunInput,
  options: { readonly log: Pick<Logger, 'info' | 'warn' | 'error'>; readonly now?: Date },
): Promise<DryRunResult> {
  const bytes = 'text' in input ? Buffer.from(input.text, 'utf8') : input.bytes;
  const split = splitFrame(bytes);
  if (!split.ok) return { messages: [], refusal: split.reason };
  const parts = split.parts.flatMap((part) => (part.kind === 'message' ? [part.bytes] : []));
  const messages: DryRunMessage[] = [];
  for (const [index, part] of parts.slice(0, MAX_MESSAGES).entries()) {
    messages.push(await tryMessage(db, customerId, part, index + 1, 'text' in input, split.refusal, options));
  }
  return { messages, refusal: null };
}

async function tryMessage(
  db: Db,
  customerId: string,
  bytes: Buffer,
  index: number,
  pasted: boolean,
  batchRefusal: string | undefined,
  options: { readonly log: Pick<Logger, 'info' | 'warn' | 'error'>; readonly now?: Date },
): Promise<DryRunMessage> {
  const head = readEnvelope(Hl7Message.parse(firstSegment(bytes)));
  const facility = head ? await findCustomerFacility(db, customerId, head.facility) : undefined;
  const charsetName = head?.charset || facility?.charset || DEFAULT_CHARSET.name;
  const base = {
    index,
    control_id: head?.controlId ?? '',
    message_type: head?.messageType ?? '',
    processing_id: head?.processingId ?? '',
    charset: charsetName,
    facility: {
      name: head?.facility ?? '',
      mapped: facility !== undefined,
      test_facility: facility?.testFacility ?? false,
    },
    sender: {
      application: head?.sendingApplication ?? '',
      facility: head?.sendingFacility ?? '',
      listed:
        facility !== undefined &&
        head !== undefined &&
        !['no senders listed', 'sender not listed'].includes(
          refuseSender(facility.senders, {
            address: '',
            sendingApplication: head.sendingApplication,
            sendingFacility: head.sendingFacility,
          }) ?? '',
        ),
    },
  };
  const notRead = (code: 'AE' | 'AR', reason: string, errorCode: string): DryRunMessage => ({
    ...base,
    fields: null,
    place: NO_PLACE,
    answer: { code, reason, error_code: errorCode },
    effect: null,
  });
  if (!head) return notRead('AE', 'no MSH segment', '101');
  // Pasted text is characters already; a file's bytes are read in the set the feed would use.
  const charset: Hl7Charset | undefined = pasted ? DEFAULT_CHARSET : charsetOf(charsetName);
  if (!charset) return notRead('AE', 'MSH-18 names a character set Careboard does not read', '207');
  const decoded = decodeHl7(bytes, charset);
  if (!decoded.ok) return notRead('AE', decoded.reason, '207');
  const message = Hl7Message.parse(decoded.text);
  const envelope = readEnvelope(message) ?? head;
  // Hexadecimal escapes are bytes of the message's own set, pasted or not (FEED-65).
  const escapes = pasted ? (charsetOf(charsetName) ?? DEFAULT_CHARSET) : charset;
  const precheck = precheckAdt(message, envelope, {
    testFacility: facility?.testFacility ?? false,
    refusal: batchRefusal,
    charset: escapes,
    ...(facility ? { patientId: facility.patientId, arrivalStatuses: facility.arrivalStatuses } : {}),
  });
  const fields = readAdt(message, envelope, {
    charset: escapes,
    ...(facility ? { patientId: facility.patientId, arrivalStatuses: facility.arrivalStatuses } : {}),
  });
  const adt = fields.ok ? fields.adt : undefined;
  const read = {
    ...base,
    fields: adt ? fieldsOf(adt) : null,
    place: adt ? await placeOf(db, customerId, adt) : NO_PLACE,
  };
  if (!facility || !base.sender.listed) {
    return { ...read, answer: { code: 'AR', reason: SENDER_NOT_ACCEPTED, error_code: '204' }, effect: null };
  }
  if (precheck.kind === 'refused') {
    const { ack_code, reason, errorCode } = precheck.refused;
    return { ...read, answer: { code: ack_code, reason, error_code: errorCode }, effect: null };
  }
  if (precheck.kind === 'ignored') {
    return { ...read, answer: { code: 'AA', reason: precheck.reason, error_code: null }, effect: null };
  }
  return { ...read, ...(await simulate(db, customerId, precheck.adt, options)) };
}

/** Applies the message in a transaction that is rolled back, and says what it changed. */
async function simulate(
  db: Db,
  customerId: string,
  adt: AdtFields,
  options: { readonly log: Pick<Logger, 'info' | 'warn' | 'error'>; readonly now?: Date },
): Promise<Pick<DryRunMessage, 'answer' | 'effect'>> {
  const now = options.now ?? new Date();
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findActiveEhrVisit(trx, customerId, adt.externalId);
      const applied = await applyAdt(trx, adt, { customerId, route: `DRY-RUN ADT^${adt.event}`, now });
      const visit = applied.visitId === null ? undefined : await findVisit(trx, customerId, applied.visitId);
      const workflow = visit ? await findWorkflow(trx, customerId, visit.workflow_id) : undefined;
      const phase = visit ? await findPhase(trx, customerId, visit.phase_id) : undefined;
      throw new DryRunRollback({
        answer: { code: 'AA', reason: null, error_code: null },
        effect:
          visit && workflow && applied.changed
            ? {
                kind: before
                  ? (EFFECT_OF_EVENT[adt.event] ?? 'update')
                  : adt.event === 'A13'
                    ? 'cancel discharge'
                    : 'admit',
                visit_id: before ? visit.id : adt.event === 'A13' ? visit.id : null,
                workflow_id: workflow.id,
                workflow_name: workflow.name,
                phase_id: visit.completed_at ? null : visit.phase_id,
                phase_name: visit.completed_at ? null : (phase?.name ?? null),
                boards: await findBoardsShowingWorkflow(trx, customerId, workflow.id),
              }
            : null,
      });
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.found;
    if (error instanceof AdtIgnored) {
      return { answer: { code: 'AA', reason: error.message, error_code: null }, effect: null };
    }
    const refused = refusalOf(error, options, { customer: customerId, dry_run: true });
    return {
      answer: { code: refused.ack_code, reason: refused.reason, error_code: refused.errorCode },
      effect: null,
    };
  }
  return {
    answer: { code: 'AE', reason: 'the dry run ended without an answer', error_code: '207' },
    effect: null,
  };
}

/** How the message's place is mapped: a mapping, the catch-all, nothing, or no point of care. */
async function placeOf(db: Db, customerId: string, adt: AdtFields): Promise<DryRunMessage['place']> {
  const mapped = await findPointOfCare(db, customerId, adt.place);
  const workflowId = mapped?.workflow_id ?? (await findAdtWorkflowId(db, customerId));
  const workflow = workflowId === null ? undefined : await findWorkflow(db, customerId, workflowId);
  if (mapped) {
    return {
      status: 'mapped',
      mapping_id: mapped.id,
      workflow_id: mapped.workflow_id,
      workflow_name: workflow?.name ?? null,
    };
  }
  if (workflow)
    return { status: 'catch_all', mapping_id: null, workflow_id: workflow.id, workflow_name: workflow.name };
  return {
    status: placeKey(adt.place) === '' ? 'none' : 'not_mapped',
    mapping_id: null,
    workflow_id: null,
    workflow_name: null,
  };
}

function fieldsOf(adt: AdtFields): DryRunFields {
  return {
    patient_id: adt.patientId,
    visit_number: adt.externalId === adt.patientId ? '' : adt.externalId,
    family_name: adt.lastName,
    given_name: adt.firstName,
    point_of_care: adt.place.pointOfCare,
    room: adt.place.room,
    bed: adt.place.bed,
    facility: adt.place.facility,
    building: adt.place.building,
    floor: adt.place.floor,
  };
}
