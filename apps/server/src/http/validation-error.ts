import type { FastifySchemaValidationError } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { readOutOfRange } from '../errors/out-of-range.ts';

/**
 * Turns the first schema validation issue into the catalogue's error:
 * a missing value → IS_REQUIRED, a string too long → MAX_LENGTH, a number outside a
 * setting's range → OUT_OF_RANGE, anything else → IS_NOT_VALID, each naming the field.
 */
export function validationToAppError(
  issues: readonly FastifySchemaValidationError[],
  context: string | undefined,
): AppError {
  const issue = issues[0];
  const path = issue?.instancePath.split('/').filter(Boolean) ?? [];
  const params = (issue?.params ?? {}) as Record<string, unknown>;
  if (issue?.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
    return new AppError('IS_NOT_VALID', { field: [...path, String(params.keys[0])].join('.') });
  }
  const field = path.length > 0 ? path.join('.') : (context ?? 'body');
  if (issue?.keyword === 'invalid_type' && (issue.message ?? '').includes('received undefined')) {
    return new AppError('IS_REQUIRED', { field });
  }
  const range = readOutOfRange(issue?.message);
  if (range) return new AppError('OUT_OF_RANGE', { field, ...range });
  if (issue?.keyword === 'too_big' && params.origin === 'string' && typeof params.maximum === 'number') {
    return new AppError('MAX_LENGTH', { field, limit: params.maximum });
  }
  return new AppError('IS_NOT_VALID', { field });
}
