import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { unescapeHl7, withoutControlCharacters } from './hl7-text.ts';

/** The ADT events the feed applies (product §10). */
export const ADT_EVENTS = Object.freeze(['A01', 'A02', 'A03', 'A04', 'A08', 'A11', 'A13'] as const);
export type AdtEvent = (typeof ADT_EVENTS)[number];

/** Events that name the patient: an admit or register makes a visit, an update renames it. */
const NAMED_EVENTS: ReadonlySet<AdtEvent> = new Set(['A01', 'A04', 'A08']);

/** What every message carries in MSH, read before anything else (to store and to answer it). */
export interface Hl7Envelope {
  /** MSH-10: a repeat of it changes nothing. Empty: missing. */
  readonly controlId: string;
  /** MSH-6, component 1: picks the customer. */
  readonly facility: string;
  /** MSH-3.1 and MSH-4.1: who sends it, checked against the facility's senders (FEED-52). */
  readonly sendingApplication: string;
  readonly sendingFacility: string;
  /** MSH-9 as `ADT^A04` (message code and trigger event; EVN-1 when MSH-9.2 is empty). */
  readonly messageType: string;
}

/** What an ADT message says about a visit: all the feed reads of it. */
export interface AdtFields {
  readonly event: AdtEvent;
  /** The EHR's id of the visit: PV1-19 (visit number), else PID-3.1 (patient id). */
  readonly externalId: string;
  /** PID-5.2 and PID-5.1 (surname); empty for events that do not name the patient. */
  readonly firstName: string;
  readonly lastName: string;
  /** PV1-3.1: picks the workflow (admit) or the phase (transfer). */
  readonly pointOfCare: string;
  /** PV1-3.2: a location of that name. */
  readonly room: string;
}

/**
 * Why a message cannot be applied, and the ERR-3 code (HL7 table 0357) that says so. The reason
 * is an ACK's MSA-3 and the stored message's reason: it names fields, never their values.
 */
export interface AdtFault {
  readonly reason: string;
  /** 100s: the message's form; 200s: what it asks (table 0357). */
  readonly errorCode: '101' | '200' | '201' | '204' | '207';
}

export type AdtRead = { readonly ok: true; readonly adt: AdtFields } | ({ readonly ok: false } & AdtFault);

/** One component, unescaped and trimmed; repetition 1, subcomponent 1 (surname of XPN.1 etc.). */
function component(segment: Hl7Segment | undefined, field: number, index: number): string {
  if (!segment) return '';
  const raw = segment.getComponent(field, index);
  const first = raw.split(segment.context.subcomponentSeparator || '&')[0] ?? '';
  return unescapeHl7(first, segment.context).trim();
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
  };
}

/** The ADT fields of a message whose envelope was read, or why it is not one we apply. */
export function readAdt(message: Hl7Message, envelope: Hl7Envelope): AdtRead {
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
  const externalId = idOf(component(pv1, 19, 1) || component(pid, 3, 1));
  if (!externalId) {
    return {
      ok: false,
      reason: 'PV1-19 (visit number) and PID-3 (patient id) are both missing',
      errorCode: '101',
    };
  }
  const lastName = withoutControlCharacters(component(pid, 5, 1));
  const firstName = withoutControlCharacters(component(pid, 5, 2));
  if (NAMED_EVENTS.has(event) && (!lastName || !firstName)) {
    return {
      ok: false,
      reason: 'PID-5 (patient name): family and given name are required',
      errorCode: '101',
    };
  }
  return {
    ok: true,
    adt: {
      event,
      externalId,
      firstName,
      lastName,
      pointOfCare: idOf(component(pv1, 3, 1)),
      room: withoutControlCharacters(component(pv1, 3, 2)),
    },
  };
}
