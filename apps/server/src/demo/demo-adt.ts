/** What the demo's simulated EHR says about a visit. */
export interface DemoAdt {
  readonly event: 'A04' | 'A03';
  /** MSH-10: unique per message. */
  readonly controlId: string;
  /** MSH-6: the customer's id, which the demo seed maps as its facility (decision FEED-53). */
  readonly facility: string;
  readonly at: Date;
  readonly patientId: string;
  readonly visitNumber: string;
  readonly firstName: string;
  readonly lastName: string;
  /** PV1-3.1: maps to a workflow. */
  readonly pointOfCare: string;
}

const stamp = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** HL7's escapes for our separators, so a name never breaks a field. */
const hl7Escape = (text: string) =>
  text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/~/g, '\\R\\')
    .replace(/&/g, '\\T\\');

/**
 * An ADT message as an interface engine sends it (HL7 v2.5.1, segments ended by CR), for the
 * demo simulator to put through the same path as a hospital's (decision FEED-06).
 */
export function demoAdtMessage(adt: DemoAdt): string {
  const at = stamp(adt.at);
  // PV1-19 (visit number) is the 19th field: 16 empty separators after PV1-3.
  const pv1 = `PV1|1|O|${hl7Escape(adt.pointOfCare)}^^^DEMO${'|'.repeat(16)}${hl7Escape(adt.visitNumber)}`;
  return [
    `MSH|^~\\&|DEMO-EHR|DEMO|CAREBOARD|${hl7Escape(adt.facility)}|${at}||ADT^${adt.event}^ADT_A01|${hl7Escape(adt.controlId)}|P|2.5.1`,
    `EVN|${adt.event}|${at}`,
    `PID|1||${hl7Escape(adt.patientId)}^^^DEMO^MR||${hl7Escape(adt.lastName)}^${hl7Escape(adt.firstName)}`,
    pv1,
  ].join('\r');
}
