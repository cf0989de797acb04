import { z } from 'zod';
import type { Db } from '../../store/database.ts';
import { setVisitWorn } from '../../store/repositories/tags.ts';
import type { Visit } from '../../store/repositories/visits.ts';
import { lockActiveVisit, recordVisitChange, reloadVisit } from '../active-visit.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';
import { resolveWorn } from './visit-tag.ts';

/**
 * What a visit is to wear: `{ badge_id }` or `{ tag_id }`, or null (either id null too)
 * to take it off (decision BOF-21).
 */
export const visitBadgeBody = z
  .union([z.strictObject({ badge_id: idSchema.nullable() }), z.strictObject({ tag_id: idSchema.nullable() })])
  .nullable();

export const setVisitBadgeInput = z.strictObject({ visit_id: idSchema, wear: visitBadgeBody });

export type SetVisitBadgeInput = z.input<typeof setVisitBadgeInput>;

/**
 * Gives a visit in progress a badge or tag (or takes it off), under the same rules as
 * admitting one (TAG_IS_IN_USE, TAG_IS_NON_REPORTING, TAG_HAS_LOW_BATTERY); what it wore
 * before is free again. The boards showing its workflow change, as they show the badge.
 */
export async function setVisitBadge(
  db: Db,
  customerId: string,
  input: SetVisitBadgeInput,
  now: Date = new Date(),
): Promise<Visit> {
  const data = parseInput(setVisitBadgeInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockActiveVisit(trx, customerId, data.visit_id);
    // Asked for what it already wears: nothing to check (its battery may have sunk since) or change.
    if (wearsAlready(visit, data.wear)) return visit;
    const worn = await resolveWorn(trx, customerId, data.wear ?? {}, visit.id, now);
    if (worn.badgeId === visit.badge_id && worn.tagId === visit.tag_id) return visit;
    await setVisitWorn(trx, customerId, visit.id, worn);
    await recordVisitChange(trx, customerId, visit, 'update');
    return reloadVisit(trx, customerId, visit.id);
  });
}

function wearsAlready(visit: Visit, wear: z.output<typeof visitBadgeBody>): boolean {
  if (wear === null) return visit.badge_id === null && visit.tag_id === null;
  if ('badge_id' in wear)
    return wear.badge_id === visit.badge_id && (wear.badge_id !== null || visit.tag_id === null);
  return wear.tag_id === visit.tag_id && (wear.tag_id !== null || visit.badge_id === null);
}
