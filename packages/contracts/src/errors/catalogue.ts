/**
 * The one error catalogue. The specification's section 8 codes and texts are
 * reproduced word for word; the codes marked "transport" are ours, for errors the
 * specification has no code for (authentication, anti-forgery, size, rate).
 * Tests check codes; clients render `formatError` of the code and params.
 */

type Params<K extends string> = Readonly<Record<K, string | number>>;

interface Entry<P extends object> {
  /** HTTP status the server answers with. */
  readonly status: number;
  readonly text: (params: P) => string;
}

function entry<P extends object>(status: number, text: (params: P) => string): Entry<P> {
  return Object.freeze({ status, text });
}

export const errorCatalogue = Object.freeze({
  // Specification section 8, word for word.
  DUPLICATE_KEY: entry<Params<'entity' | 'field' | 'value'>>(409, (p) =>
    p.entity === PAR_LEVELS_ENTITY
      ? 'These PAR levels already exists.'
      : `${p.entity} with ${p.field} "${p.value}" already exists.`,
  ),
  ENTITY_NOT_FOUND: entry<Params<'entity' | 'id'>>(404, (p) => `${p.entity} with id ${p.id} was not found.`),
  NO_MASTER_ENTITY_FOUND: entry<Params<'entity' | 'field' | 'value'>>(
    422,
    (p) => `${p.entity} with ${p.field} "${p.value}" not found.`,
  ),
  TAG_IS_IN_USE: entry<{ readonly kind: 'Badge' | 'Tag' }>(409, (p) => `This ${p.kind} is currently in use.`),
  SENSOR_IS_IN_USE: entry<Params<'value' | 'location'>>(
    409,
    (p) => `Sensor ${p.value} already exists in ${p.location}.`,
  ),
  ASSET_TYPE_IS_IN_USE: entry<Params<never>>(409, () => "Can't complete action: Asset type is in use."),
  IS_NOT_VALID: entry<Params<'field'>>(400, (p) => `${p.field} is not valid.`),
  IS_REQUIRED: entry<Params<'field'>>(400, (p) => `${p.field} is required value.`),
  MAX_LENGTH: entry<Params<'field' | 'limit'>>(400, (p) => `${p.field} exceeds ${p.limit} characters.`),
  USER_LEVEL_IS_NOT_VALID: entry<Params<never>>(
    403,
    () => 'You do not have permissions to set this user level',
  ),
  WORKFLOW_HAS_ACTIVE_PATIENTS: entry<Params<never>>(
    409,
    () => 'Action can’t be completed due to active patients in the workflow.',
  ),
  TAG_IS_NON_REPORTING: entry<Params<never>>(
    409,
    () => 'This Tag is non-reporting. Please select a different one.',
  ),
  TAG_HAS_LOW_BATTERY: entry<Params<never>>(
    409,
    () => 'This Tag has a low battery. Please select a different one.',
  ),
  AUTH0_API_USER_CREATE_CONFLICT: entry<Params<never>>(409, () => 'Email is already in use.'),
  INTERNAL_SERVER_ERROR: entry<Params<never>>(500, () => 'Internal server error.'),

  // Transport codes (ours; decision FND-07).
  UNAUTHORIZED: entry<Params<never>>(401, () => 'Authentication is required.'),
  FORBIDDEN: entry<Params<never>>(403, () => 'You do not have permissions to access this section.'),
  XSRF_TOKEN_INVALID: entry<Params<never>>(403, () => 'The anti-forgery token is missing or does not match.'),
  ROUTE_NOT_FOUND: entry<Params<'method' | 'path'>>(404, (p) => `There is no ${p.method} ${p.path}.`),
  PAYLOAD_TOO_LARGE: entry<Params<'limit'>>(413, (p) => `The request body exceeds ${p.limit} bytes.`),
  TOO_MANY_REQUESTS: entry<Params<'seconds'>>(
    429,
    (p) => `Too many requests. Try again in ${p.seconds} seconds.`,
  ),
  SERVICE_UNAVAILABLE: entry<Params<never>>(503, () => 'The service is not ready.'),
  // Ours: a SAML connection's IdP metadata that cannot be read or used (decision IDN-23).
  IDP_METADATA_NOT_VALID: entry<Params<'reason'>>(
    400,
    (p) => `The identity provider's metadata cannot be used: ${p.reason}`,
  ),
  // Ours: a whole number outside what a setting takes, e.g. a retention period (decision BOF-55).
  OUT_OF_RANGE: entry<Params<'field' | 'min' | 'max'>>(
    400,
    (p) => `${p.field} must be a whole number from ${p.min} to ${p.max}.`,
  ),
  // Ours: an export's dates that are no range: unreadable, or ending before they start (BOF-57).
  DATE_RANGE_NOT_VALID: entry<Params<'from' | 'to'>>(
    400,
    (p) =>
      `The dates from ${p.from} to ${p.to} are not a range: give two dates, the first not after the second.`,
  ),
});

/** The `entity` value that selects DUPLICATE_KEY's PAR-level text. */
export const PAR_LEVELS_ENTITY = 'PAR levels';

export type ErrorCode = keyof typeof errorCatalogue;

export type ErrorParams<C extends ErrorCode> = Parameters<(typeof errorCatalogue)[C]['text']>[0];

export const errorCodes = Object.freeze(Object.keys(errorCatalogue) as ErrorCode[]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}
