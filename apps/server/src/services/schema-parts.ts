import { isStorableText, NOT_STORABLE_TEXT } from '@careboard/contracts';
import { z } from 'zod';
import { outOfRangeMessage } from '../errors/out-of-range.ts';

/** Row ids are PostgreSQL integers. */
export const idSchema = z.number().int().positive().max(2_147_483_647);

/**
 * Every string a client sends: one PostgreSQL can store, so a NUL or an unpaired surrogate is
 * IS_NOT_VALID naming its field, for REST and the socket twins alike (decision FND-26).
 */
export function textSchema() {
  return z.string().refine(isStorableText, { error: NOT_STORABLE_TEXT });
}

/** A required name: trimmed, not blank, at most `max` characters. */
export function nameSchema(max = 120) {
  return textSchema().trim().min(1).max(max);
}

/** A list of distinct ids: a repeated id is a mistake, not a request. */
export function idListSchema(max = 100) {
  return z
    .array(idSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat' });
}

/**
 * A whole number from `min` to `max`: anything else of type number (2.5, 0, too large) is
 * OUT_OF_RANGE with the bounds, for the route's validation and the service's parse alike (BOF-55).
 */
export function rangeSchema(min: number, max: number) {
  const error = outOfRangeMessage(min, max);
  return z.number().int({ error }).min(min, { error }).max(max, { error });
}
