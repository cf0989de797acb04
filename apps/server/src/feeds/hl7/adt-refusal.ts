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
 * A message answered AA and applied to no board by a rule the Integrations page shows (FEED-63):
 * its place is one nothing maps. Thrown from inside the applying transaction (nothing changed).
 */
export class AdtNotMapped extends Error {
  /** The place as counted (placeKey). */
  readonly pointOfCare: string;

  constructor(pointOfCare: string) {
    super(
      pointOfCare
        ? `PV1-3.1 (point of care) ${pointOfCare} is mapped to no workflow: answered, shown on no board`
        : 'PV1-3.1 (point of care) is empty and no catch-all workflow is on: answered, shown on no board',
    );
    this.name = 'AdtNotMapped';
    this.pointOfCare = pointOfCare;
  }
}
