import { z } from 'zod';

/** Row ids are PostgreSQL integers. */
export const idSchema = z.number().int().positive().max(2_147_483_647);

/** A required name: trimmed, not blank, at most `max` characters. */
export function nameSchema(max = 120) {
  return z.string().trim().min(1).max(max);
}

/** A list of distinct ids: a repeated id is a mistake, not a request. */
export function idListSchema(max = 100) {
  return z
    .array(idSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat' });
}
