import type { Hl7Message, Hl7Segment } from '@medplum/core';
import type { PatientPlace } from '../../store/repositories/adt-mappings.ts';
import { DEFAULT_CHARSET, type Hl7Charset } from './hl7-charset.ts';
import { unescapeHl7, withoutControlCharacters } from './hl7-text.ts';

/** The ADT events the feed applies (product §10, the conformance table in docs/feeds.md). */
export const ADT_EVENTS = Object.freeze([
  'A01',
  'A02',
  'A03',
  'A04',
  'A05',
  'A06',
  'A07',
  'A08',
  'A11',
  'A12',
  'A13',
  'A14',
  'A17',
  'A18',
  'A21',
  'A22',
  'A27',
  'A28',
  'A31',
  'A34',
  'A35',
  'A36',
  'A38',
  'A39',
  'A40',
  'A41',
  'A42',
] as const);
export type AdtEvent = (typeof ADT_EVENTS)[number];

/** The scheduling events a clinic's board follows (SIU, FEED-72). */
export const SIU_EVENTS = Object.freeze(['S12', 'S13', 'S14', 'S15', 'S17', 'S26'] as const);
export type SiuEvent = (typeof SIU_EVENTS)[number];

/** SCH-25 (filler status) values that end an appointment without an arrival (HL7 table 0278). */
const ENDED_STATUSES: Readonly<Record<string, 'cancelled' | 'no_show' | 'deleted'>> = {
  CANCELLED: 'cancelled',
  DC: 'cancelled',
  DISCONTINUED: 'cancelled',
  NOSHOW: 'no_show',
  'NO SHOW': 'no_show',
  DELETED: 'deleted',
};

/** An appointment as SIU gives it (FEED-72). */
export interface AdtAppointment {
  /** SCH-2.1 (filler appointment id), else SCH-1.1 (placer). */
  readonly id: string;
  /** TQ1-7, else SCH-11.4, else AIS-4, AIL-6 or AIP-6. */
  readonly startsAt: Date | undefined;
  /** SCH-25.1, upper case. */
  readonly status: string;
  /** The status is one the facility reads as the patient's arrival. */
  readonly arrived: boolean;
  /** The status ends the appointment: how. */
  readonly ended: 'cancelled' | 'no_show' | 'deleted' | undefined;
}

/** Events that name the patient: an admit, register or pre-admit makes a visit, an update renames it. */
const NAMED_EVENTS: ReadonlySet<AdtEvent> = new Set(['A01', 'A04', 'A05', 'A08', 'A14', 'A28', 'A31']);

/** Merges (MRG): the patient's identifier (A18, A34, A36, A39, A40), the account (A35, A41), the visit (A42). */
const MERGE_EVENTS: ReadonlySet<AdtEvent> = new Set(['A18', 'A34', 'A35', 'A36', 'A39', 'A40', 'A41', 'A42']);

/** Events about the person, not a visit: they need no visit number and find visits by the patient. */
const PERSON_EVENTS: ReadonlySet<AdtEvent> = new Set(['A28', 'A31', 'A18', 'A34', 'A36', 'A39', 'A40']);

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

/** What MRG says a merge replaces: the prior identifiers (empty: not given). */
export interface AdtMerge {
  /** MRG-1: the prior patient identifier (its repetition chosen as PID-3's is). */
  readonly patientId: string;
  /** MRG-3: the prior account number. */
  readonly account: string;
  /** MRG-5: the prior visit number. */
  readonly visitNumber: string;
}

/** The second patient of an A17 (swap): the second PID and PV1. */
export interface AdtOtherPatient {
  readonly externalId: string;
  readonly patientId: string;
  readonly place: PatientPlace;
}

/** What an ADT message says about a visit: all the feed reads of it. */
export interface AdtFields {
  readonly event: AdtEvent | SiuEvent;
  /** SIU's appointment (FEED-72). */
  readonly appointment?: AdtAppointment;
  /** When the event happened, as the EHR says: EVN-6, else EVN-2, else MSH-7 (FEED-70); undefined: unsaid. */
  readonly eventAt: Date | undefined;
  /** PID-18.1: the patient's account number. */
  readonly account: string;
  /** MRG, for merges and A06/A07 (MRG-5, the visit number before). */
  readonly merge: AdtMerge | undefined;
  /** A17's second patient. */
  readonly other: AdtOtherPatient | undefined;
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

/** How a facility picks the patient's identifier among PID-3's (and MRG-1's) repetitions (FEED-71). */
export interface PatientIdChoice {
  /** CX.5, identifier type code (default `MR`). */
  readonly type: string;
  /** CX.4.1, assigning authority; null: any. */
  readonly authority: string | null;
}

const MEDICAL_RECORD: PatientIdChoice = Object.freeze({ type: 'MR', authority: null });

/**
 * A CX list's identifier (PID-3, MRG-1): the repetition of the facility's identifier type and
 * assigning authority, else (an older sender that types none) the first with an id.
 */
function patientIdOf(
  segment: Hl7Segment | undefined,
  field: number,
  charset: Hl7Charset,
  choice: PatientIdChoice,
): string {
  if (!segment) return '';
  const repetitions = segment.getField(field)?.components.length ?? 0;
  let first = '';
  for (let repetition = 0; repetition < repetitions; repetition += 1) {
    const id = idOf(component(segment, field, 1, repetition, charset));
    if (!id) continue;
    const type = component(segment, field, 5, repetition, charset).toUpperCase();
    const authority = component(segment, field, 4, repetition, charset).toUpperCase();
    const authorityMatches = choice.authority === null || authority === choice.authority.toUpperCase();
    if (type === choice.type.toUpperCase() && authorityMatches) return id;
    first ||= id;
  }
  return first;
}

/**
 * An HL7 time (`YYYY[MM[DD[HH[MM[SS[.S…]]]]]][+/-ZZZZ]`) as a Date; without an offset it is read
 * as UTC, which orders the messages of one sender consistently (FEED-70). Undefined: none or
 * not a time.
 */
export function parseHl7Time(text: string): Date | undefined {
  const match = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.(\d{1,4}))?([+-]\d{4})?$/.exec(
    text.trim(),
  );
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', fraction = '0', zone] =
    match;
  const ms = Math.round(Number(`0.${fraction}`) * 1000);
  let at = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    ms,
  );
  if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    at -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5))) * 60_000;
  }
  return Number.isNaN(at) ? undefined : new Date(at);
}

/** How to read a message: its character set (its `\Xhh\` escapes are bytes of it, FEED-65) and the facility's patient identifier. */
export interface ReadOptions {
  readonly charset?: Hl7Charset;
  readonly patientId?: PatientIdChoice;
  /** SCH-25 values the facility reads as arrival (upper case; FEED-72). */
  readonly arrivalStatuses?: readonly string[];
}

const ARRIVAL_STATUSES = Object.freeze(['ARRIVED', 'CHECKED IN', 'CHECKEDIN', 'STARTED']);

/** The ADT fields of a message whose envelope was read, or why it is not one we apply. */
export function readAdt(message: Hl7Message, envelope: Hl7Envelope, options: ReadOptions = {}): AdtRead {
  const charset = options.charset ?? DEFAULT_CHARSET;
  const choice = options.patientId ?? MEDICAL_RECORD;
  const [code, trigger] = envelope.messageType.split('^');
  if (code === 'SIU') return readSiu(message, trigger ?? '', { ...options, charset, patientId: choice });
  if (code !== 'ADT') return { ok: false, reason: 'MSH-9: not an ADT or SIU message', errorCode: '200' };
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
  const patientId = patientIdOf(pid, 3, charset, choice);
  // `""` in PV1-19 says "no visit number", never a visit number itself (FEED-62).
  const visitNumber = idOf(component(pv1, 19, 1, 0, charset));
  const externalId = PERSON_EVENTS.has(event) ? patientId : visitNumber || patientId;
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
  const mrg = message.getSegment('MRG');
  const merge: AdtMerge | undefined = mrg
    ? {
        patientId: patientIdOf(mrg, 1, charset, choice),
        account: idOf(component(mrg, 3, 1, 0, charset)),
        visitNumber: idOf(component(mrg, 5, 1, 0, charset)),
      }
    : undefined;
  if (MERGE_EVENTS.has(event) && !mergedIdOf(event, merge)) {
    return { ok: false, reason: `${event}: MRG (the identifier merged away) is missing`, errorCode: '101' };
  }
  const evn = message.getSegment('EVN');
  const msh = message.getSegment('MSH');
  const eventAt =
    parseHl7Time(component(evn, 6, 1, 0, charset)) ??
    parseHl7Time(component(evn, 2, 1, 0, charset)) ??
    parseHl7Time(component(msh, 7, 1, 0, charset));
  const other = event === 'A17' ? otherPatientOf(message, charset, choice) : undefined;
  if (event === 'A17' && !other) {
    return {
      ok: false,
      reason: 'A17: the second patient (a second PID and PV1) is missing',
      errorCode: '101',
    };
  }
  return {
    ok: true,
    adt: {
      event,
      externalId,
      patientId,
      firstName,
      lastName,
      place: placeOf(pv1, charset),
      eventAt,
      account: idOf(component(pid, 18, 1, 0, charset)),
      merge,
      other,
    },
  };
}

/** The identifier a merge names as merged away: MRG-1, MRG-3 or MRG-5 by the event. */
export function mergedIdOf(event: AdtEvent | SiuEvent, merge: AdtMerge | undefined): string {
  if (!merge) return '';
  if (event === 'A35' || event === 'A41') return merge.account;
  if (event === 'A42') return merge.visitNumber;
  return merge.patientId;
}

/** A PL field (PV1-3, AIL-3) as the place a mapping matches. */
function placeOf(segment: Hl7Segment | undefined, charset: Hl7Charset, field = 3): PatientPlace {
  const placeComponent = (index: number) =>
    withoutControlCharacters(component(segment, field, index, 0, charset)).slice(0, 200);
  return {
    pointOfCare: placeComponent(1),
    room: placeComponent(2),
    bed: placeComponent(3),
    facility: placeComponent(4),
    building: placeComponent(7),
    floor: placeComponent(8),
  };
}

/** A17's second patient: the PID and the PV1 after the first pair. */
function otherPatientOf(
  message: Hl7Message,
  charset: Hl7Charset,
  choice: PatientIdChoice,
): AdtOtherPatient | undefined {
  const [pid, pv1] = [message.getAllSegments('PID')[1], message.getAllSegments('PV1')[1]];
  if (!pid || !pv1) return undefined;
  const patientId = patientIdOf(pid, 3, charset, choice);
  const externalId = idOf(component(pv1, 19, 1, 0, charset)) || patientId;
  return externalId ? { externalId, patientId, place: placeOf(pv1, charset) } : undefined;
}

/**
 * A place as the Integrations page counts it when nothing maps it: its point of care (PV1-3.1),
 * trimmed and lower case, one row per unit rather than per bed (FEED-63); '' when PV1-3.1 is empty.
 */
export function placeKey(place: PatientPlace): string {
  return place.pointOfCare.trim().toLowerCase().slice(0, 200);
}

/**
 * SIU^S12–S15, S17, S26 (FEED-72): the appointment (SCH), the patient (PID), the clinic: AIL-3's
 * place when there is one, else PV1-3. The visit an arrival makes is known by PV1-19, else the
 * appointment's id, so a later A04 of that visit number finds it.
 */
function readSiu(
  message: Hl7Message,
  trigger: string,
  options: {
    readonly charset: Hl7Charset;
    readonly patientId: PatientIdChoice;
    readonly arrivalStatuses?: readonly string[];
  },
): AdtRead {
  const { charset, patientId: choice } = options;
  const event = SIU_EVENTS.find((known) => known === trigger);
  if (!event) {
    return {
      ok: false,
      reason: `MSH-9: event ${trigger || '(none)'} is not one Careboard applies`,
      errorCode: '201',
    };
  }
  const sch = message.getSegment('SCH');
  const id = idOf(component(sch, 2, 1, 0, charset)) || idOf(component(sch, 1, 1, 0, charset));
  if (!id)
    return { ok: false, reason: 'SCH-1 and SCH-2 (appointment id) are both missing', errorCode: '101' };
  const pid = message.getSegment('PID');
  const pv1 = message.getSegment('PV1');
  const ail = message.getSegment('AIL');
  const lastName = withoutControlCharacters(component(pid, 5, 1, 0, charset));
  const firstName = withoutControlCharacters(component(pid, 5, 2, 0, charset));
  const status = component(sch, 25, 1, 0, charset).toUpperCase();
  const ended =
    event === 'S15'
      ? 'cancelled'
      : event === 'S17'
        ? 'deleted'
        : event === 'S26'
          ? 'no_show'
          : ENDED_STATUSES[status];
  if (!ended && (!lastName || !firstName)) {
    return {
      ok: false,
      reason: 'PID-5 (patient name): family and given name are required',
      errorCode: '101',
    };
  }
  const time = (segment: Hl7Segment | undefined, field: number, index: number) =>
    parseHl7Time(component(segment, field, index, 0, charset));
  const startsAt =
    time(message.getSegment('TQ1'), 7, 1) ??
    time(sch, 11, 4) ??
    time(message.getSegment('AIS'), 4, 1) ??
    time(ail, 6, 1) ??
    time(message.getSegment('AIP'), 6, 1);
  const arrivals = (options.arrivalStatuses ?? ARRIVAL_STATUSES).map((value) => value.toUpperCase());
  const place = ail && component(ail, 3, 1, 0, charset) ? placeOf(ail, charset, 3) : placeOf(pv1, charset);
  return {
    ok: true,
    adt: {
      event,
      externalId: idOf(component(pv1, 19, 1, 0, charset)) || id,
      patientId: patientIdOf(pid, 3, charset, choice),
      firstName,
      lastName,
      place,
      eventAt: time(message.getSegment('MSH'), 7, 1),
      account: idOf(component(pid, 18, 1, 0, charset)),
      merge: undefined,
      other: undefined,
      appointment: { id, startsAt, status, arrived: !ended && arrivals.includes(status), ended },
    },
  };
}
