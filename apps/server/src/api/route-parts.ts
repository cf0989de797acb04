import { z } from 'zod';

/** A path id: digits only, a positive 32-bit integer; anything else is IS_NOT_VALID. */
export const idParams = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});

export const bearer = [{ bearer: [] }];

/** The response of a route that answers 204 with no body: documented, so every route has a response schema. */
export const noContent = { 204: z.null().describe('No content') };
