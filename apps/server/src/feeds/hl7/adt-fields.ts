import type { Hl7Message, Hl7Segment } from '@medplum/core';
import type { PatientPlace } from '../../store/repositories/adt-mappings.ts';
import { DEFAULT_CHARSET, type Hl7Charset } from './hl7-charset.ts';
import { unescapeHl7, withoutControlCharacters } from './hl7-text.ts';

/** The ADT events the feed applies (product §10). */
export const ADT_EVENTS = Object.freeze(['A01', 'A02', 'A03', 'A04', 'A08', 'A11', 'A13'] as const);
export type AdtEvent = (typeof ADT_EVENTS)[number];

/** Events that name the patient: an admit or register makes a visit, an update renames it. */
const NAMED_EVENTS: ReadonlySet<AdtEvent> = new Set(['A01', 'A04', 'A08']);

/** What every message carries in MSH, read before anything else (to store and to answer it). */
export interface Hl7Envelope {
  /** MSH-10: with MSH-3 and MSH-4, the message's identity (FEED-58). Empty: missing. */
  readonly controlId: string;
  /** MSH-6, component 1: picks the customer. */
  readonly facility: string;
  /** MSH-3.1 and MSH-4.1: who sends it, checked against the facility's senders (FEED-52). */
  readonly sendingApplication: string;
  readonly sendingFacility: string;
  /** MSH-9 as `ADT^A04` (message code and trigger event; EVN-1 when MSH-9.2 is empty). */
  readonly messageType: string;
  /** MSH-11.1 as sent, upper case: `P` production, `T` training, `D` debugging (FEED-64). */
  readonly processingId: string;
  /** MSH-18, its first repetition as sent: the character set (FEED-59); empty: not said. */
  readonly charset: string;
}

/** What an ADT message says about a visit: all the feed reads of it. */
export interface AdtFields {
  readonly event: AdtEvent;
  /** The EHR's id of the visit: PV1-19 (visit number), else the patient's identifier. */
  readonly externalId: string;
  /** PID-3: the repetition of type MR, else the first (FEED-62); empty: none (or `""`). */
  readonly patientId: string;
  /** PID-5.2 and PID-5.1 (surname); empty for events that do not name the patient. */
  readonly firstName: string;
  readonly lastName: string;
  /** PV1-3's components: pick the workflow (admit) or the phase (transfer), FEED-63. */
  readonly place: PatientPlace;
}

/**
 * Why a message cannot be applied, and the ERR-3 code (HL7 table 0357) that says so. The reason
 * is an ACK's MSA-3 and the stored message's reason: it names fields, never their values.
 */
export interface AdtFault {
  readonly reason: string;
  /** 100s: the message's form; 200s: what it asks (table 0357). */
  readonly errorCode: '101' | '200' | '201' | '202' | '204' | '205' | '207';
}

export type AdtRead = { readonly ok: true; readonly adt: AdtFields } | ({ readonly ok: false } & AdtFault);

/** HL7's explicit null: the field is to be cleared. It is never a value (decision FEED-62). */
const HL7_NULL = '""';

/**
 * One component, unescaped and trimmed; subcomponent 1 (surname of XPN.1 etc.), the repetition
 * given (0: the first). An empty component and HL7's `""` both read as '': a reader that must
 * tell "clear it" from "no change" asks isHl7Null.
 */
function component(
  segment: Hl7Segment | undefined,
  field: number,
  index: number,
  repetition = 0,
  charset: Hl7Charset = DEFAULT_CHARSET,
): string {
  if (!segment) return '';
  const raw = segment.getComponent(field, index, undefined, repetition);
  const first = raw.split(segment.context.subcomponentSeparator || '&')[0] ?? '';
  const text = unescapeHl7(first, segment.context, charset).trim();
  return text === HL7_NULL ? '' : text;
}

/** An id: no control characters, not longer than anything an EHR sends. */
const idOf = (text: string) => withoutControlCharacters(text).slice(0, 200);

/** MSH's fields, or undefined when the message has no MSH segment. */
export function readEnvelope(message: Hl7Message): Hl7Envelope | undefined {
  const msh = message.getSegment('MSH');
  if (!msh) return undefined;
  const code = component(msh, 9, 1).toUpperCase();
  const trigger = (component(msh, 9, 2) || component(message.getSegment('EVN'), 1, 1)).toUpperCase();
  return {
    controlId: idOf(component(msh, 10, 1)),
    facility: idOf(component(msh, 6, 1)),
    sendingApplication: idOf(component(msh, 3, 1)),
    sendingFacility: idOf(component(msh, 4, 1)),
    messageType: idOf(trigger ? `${code}^${trigger}` : code),
    processingId: idOf(component(msh, 11, 1)).toUpperCase(),
    charset: idOf(msh.getField(18)?.toString().split(msh.context.repetitionSeparator)[0] ?? '').trim(),
  };
}

/** PID-3's repetitions: the one whose identifier type (CX.5) is MR, else the first with an id. */
function patientIdOf(pid: Hl7Segment | undefined, charset: Hl7Charset): string {
  if (!pid) return '';
  const repetitions = pid.getField(3)?.components.length ?? 0;
  let first = '';
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const id = idOf(component(pid, 3, 1, repetition, charset));
    if (!id) continue;
    if (component(pid, 3, 5, repetition, charset).toUpperCase() === 'MR') return id;
    first ||= id;
  }
  return first;
}

/**
 * The ADT fields of a message whose envelope was read, or why it is not one we apply. `charset`:
 * the one the message was read in, which its `\Xhh\` escapes are bytes of (FEED-65).
 */
export function readAdt(
  message: Hl7Message,
  envelope: Hl7Envelope,
  charset: Hl7Charset = DEFAULT_CHARSET,
): AdtRead {
  const [code, trigger] = envelope.messageType.split('^');
  if (code !== 'ADT') return { ok: false, reason: 'MSH-9: not an ADT message', errorCode: '200' };
  const event = ADT_EVENTS.find((known) => known === trigger);
  if (!event) {
    return {
      ok: false,
      reason: `MSH-9: event ${trigger || '(none)'} is not one Careboard applies`,
      errorCode: '201',
    };
  }
  const pid = message.getSegment('PID');
  const pv1 = message.getSegment('PV1');
  const patientId = patientIdOf(pid, charset);
  // `""` in PV1-19 says "no visit number", never a visit number itself (FEED-62).
  const externalId = idOf(component(pv1, 19, 1, 0, charset)) || patientId;
  if (!externalId) {
    return {
      ok: false,
      reason: 'PV1-19 (visit number) and PID-3 (patient id) are both missing',
      errorCode: '101',
    };
  }
  const lastName = withoutControlCharacters(component(pid, 5, 1, 0, charset));
  const firstName = withoutControlCharacters(component(pid, 5, 2, 0, charset));
  if (NAMED_EVENTS.has(event) && (!lastName || !firstName)) {
    return {
      ok: false,
      reason: 'PID-5 (patient name): family and given name are required',
      errorCode: '101',
    };
  }
  const placeComponent = (index: number) =>
    withoutControlCharacters(component(pv1, 3, index, 0, charset)).slice(0, 200);
  return {
    ok: true,
    adt: {
      event,
      externalId,
      patientId,
      firstName,
      lastName,
      place: {
        pointOfCare: placeComponent(1),
        room: placeComponent(2),
        bed: placeComponent(3),
        facility: placeComponent(4),
        building: placeComponent(7),
        floor: placeComponent(8),
      },
    },
  };
}

/**
 * A place as the Integrations page counts it when nothing maps it: its point of care (PV1-3.1),
 * trimmed and lower case, one row per unit rather than per bed (FEED-63); '' when PV1-3.1 is empty.
 */
export function placeKey(place: PatientPlace): string {
  return place.pointOfCare.trim().toLowerCase().slice(0, 200);
}
