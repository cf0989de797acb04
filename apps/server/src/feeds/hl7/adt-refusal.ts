import type { AdtFault } from './adt-fields.ts';

/**
 * A message we will not apply, thrown from inside the applying transaction so it rolls back:
 * AE (application error: the message is wrong or clashes with what we hold) or AR (reject: it
 * names a facility, workflow or visit we cannot map). The reason never holds a patient's name.
 */
export class AdtRefusal extends Error {
  readonly code: 'AE' | 'AR';
  readonly errorCode: AdtFault['errorCode'];

  constructor(code: 'AE' | 'AR', reason: string, errorCode: AdtFault['errorCode']) {
    super(reason);
    this.name = 'AdtRefusal';
    this.code = code;
    this.errorCode = errorCode;
  }
}

/**
 * A message answered AA and deliberately not applied, by a rule the Integrations page shows;
 * thrown from inside the applying transaction before anything is written.
 */
export class AdtIgnored extends Error {
  /** The place as counted (placeKey), when the rule is "nothing maps it" (FEED-63). */
  readonly pointOfCare: string | undefined;

  constructor(reason: string, pointOfCare?: string) {
    super(reason);
    this.name = 'AdtIgnored';
    this.pointOfCare = pointOfCare;
  }
}

/** Its place is one nothing maps (FEED-63). */
export class AdtNotMapped extends AdtIgnored {
  constructor(pointOfCare: string) {
    super(
      pointOfCare
        ? `PV1-3.1 (point of care) ${pointOfCare} is mapped to no workflow: answered, shown on no board`
        : 'PV1-3.1 (point of care) is empty and no catch-all workflow is on: answered, shown on no board',
      pointOfCare,
    );
    this.name = 'AdtNotMapped';
  }
}

/**
 * It happened before the visit's last applied event (FEED-70): a late message, which must not
 * undo a newer state. Recorded as out of order.
 */
export class AdtOutOfOrder extends AdtIgnored {
  constructor(event: string, at: Date, last: Date) {
    super(
      `${event}: out of order, not applied: its event time (${at.toISOString()}) is before the visit's last applied event (${last.toISOString()})`,
    );
    this.name = 'AdtOutOfOrder';
  }
}
