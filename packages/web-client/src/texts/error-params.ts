import type { ErrorCode } from '@careboard/contracts';

/**
 * The params each code's text needs. Typed by ErrorCode so a new code must say
 * what it needs; a text whose params are missing is never formatted (it would
 * read "undefined"), the server's own text is shown instead.
 */
export const errorParamNames: Readonly<Record<ErrorCode, readonly string[]>> = Object.freeze({
  DUPLICATE_KEY: ['entity', 'field', 'value'],
  ENTITY_NOT_FOUND: ['entity', 'id'],
  NO_MASTER_ENTITY_FOUND: ['entity', 'field', 'value'],
  TAG_IS_IN_USE: ['kind'],
  SENSOR_IS_IN_USE: ['value', 'location'],
  ASSET_TYPE_IS_IN_USE: [],
  IS_NOT_VALID: ['field'],
  IS_REQUIRED: ['field'],
  MAX_LENGTH: ['field', 'limit'],
  USER_LEVEL_IS_NOT_VALID: [],
  WORKFLOW_HAS_ACTIVE_PATIENTS: [],
  TAG_IS_NON_REPORTING: [],
  TAG_HAS_LOW_BATTERY: [],
  AUTH0_API_USER_CREATE_CONFLICT: [],
  INTERNAL_SERVER_ERROR: [],
  UNAUTHORIZED: [],
  FORBIDDEN: [],
  XSRF_TOKEN_INVALID: [],
  ROUTE_NOT_FOUND: ['method', 'path'],
  PAYLOAD_TOO_LARGE: ['limit'],
  TOO_MANY_REQUESTS: ['seconds'],
  SERVICE_UNAVAILABLE: [],
  IDP_METADATA_NOT_VALID: ['reason'],
  OUT_OF_RANGE: ['field', 'min', 'max'],
  DATE_RANGE_NOT_VALID: ['from', 'to'],
});

/** The params, when every one the code's text needs is a string or a number. */
export function completeParams(
  code: ErrorCode,
  params: unknown,
): Readonly<Record<string, string | number>> | null {
  if (typeof params !== 'object' || params === null) return errorParamNames[code].length === 0 ? {} : null;
  const record = params as Record<string, unknown>;
  const complete = errorParamNames[code].every((name) => {
    const value = record[name];
    return typeof value === 'string' || typeof value === 'number';
  });
  return complete ? (record as Readonly<Record<string, string | number>>) : null;
}
