import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { readOutOfRange } from '../errors/out-of-range.ts';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The first issue decides, as for request bodies (decision FND-09): a missing
 * or blank value is IS_REQUIRED, a string too long MAX_LENGTH, anything else
 * IS_NOT_VALID, each naming the field by its path (`levels.2.max`).
 */
export function issueToAppError(issue: z.core.$ZodIssue | undefined, input: unknown): AppError {
  if (!issue) return new AppError('IS_NOT_VALID', { field: 'body' });
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return new AppError('IS_NOT_VALID', { field: [...path, issue.keys[0] ?? ''].join('.') });
  }
  const field = path.length > 0 ? path.join('.') : 'body';
  const value = valueAt(input, issue.path);
  const range = readOutOfRange(issue.message);
  if (range) return new AppError('OUT_OF_RANGE', { field, ...range });
  if (issue.code === 'invalid_type' && (value === undefined || value === null)) {
    return new AppError('IS_REQUIRED', { field });
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && typeof value === 'string' && !value.trim()) {
    return new AppError('IS_REQUIRED', { field });
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return new AppError('MAX_LENGTH', { field, limit: Number(issue.maximum) });
  }
  return new AppError('IS_NOT_VALID', { field });
}

/** Parses a service input with its schema, or throws the catalogue error of its first issue. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw issueToAppError(result.error.issues[0], input);
}
