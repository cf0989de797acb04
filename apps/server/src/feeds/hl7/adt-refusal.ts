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
