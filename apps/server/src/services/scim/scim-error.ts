/** The `scimType` values of RFC 7644 §3.12, Table 9, that this server answers. */
export type ScimType =
  | 'invalidFilter'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue';

/**
 * A SCIM error, answered as RFC 7644 §3.12 has it: `schemas` the Error message's, `status` the HTTP
 * status as a string, `scimType` where the RFC defines one, and `detail` for a person to read.
 * The detail never holds a token; it may name a field, never a person.
 */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: ScimType | undefined;

  constructor(status: number, scimType: ScimType | undefined, detail: string) {
    super(detail);
    this.name = 'ScimError';
    this.status = status;
    this.scimType = scimType;
  }
}

export const notFound = (resource: 'User' | 'Group', id: string) =>
  new ScimError(404, undefined, `${resource} ${id.slice(0, 64)} not found.`);
