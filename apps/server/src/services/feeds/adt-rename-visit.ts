import { z } from 'zod';
import { displayName } from '../../domain/display-name.ts';
import type { Db } from '../../store/database.ts';
import { updateVisit } from '../../store/repositories/visits.ts';
import { lockActiveVisit, recordVisitChange } from '../active-visit.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema, nameSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

export const renameVisitInput = z.strictObject({
  visit_id: idSchema,
  first_name: nameSchema(60),
  last_name: nameSchema(60),
});

export type RenameVisitInput = z.input<typeof renameVisitInput>;

/**
 * The EHR corrects a patient's names (ADT A08): first, last and the display name the boards
 * show. The same names again change nothing. Returns whether the names changed.
 */
export async function renameVisit(db: Db, customerId: string, input: RenameVisitInput): Promise<boolean> {
  const data = parseInput(renameVisitInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockActiveVisit(trx, customerId, data.visit_id);
    const display = displayName(data.first_name, data.last_name);
    if (
      visit.first_name === data.first_name &&
      visit.last_name === data.last_name &&
      visit.display_name === display
    ) {
      return false;
    }
    await updateVisit(trx, customerId, visit.id, {
      first_name: data.first_name,
      last_name: data.last_name,
      display_name: display,
    });
    await recordVisitChange(trx, customerId, visit, 'update');
    return true;
  });
}
