import { PAR_LEVELS_ENTITY } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import { boardIdsShowingLocations } from '../../store/repositories/board-scope.ts';
import { findLocation } from '../../store/repositories/locations.ts';
import { findParLevel, insertParLevels, type ParLevel } from '../../store/repositories/par-levels.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { parLevelRowSchema } from '../set-par-levels.ts';
import { runWrite } from '../write-transaction.ts';

export const addParLevelInput = z.strictObject({ location_id: idSchema, level: parLevelRowSchema });

export type AddParLevelInput = z.input<typeof addParLevelInput>;

/**
 * One more PAR level at a location. The location and asset type have one already:
 * DUPLICATE_KEY with the PAR text (change it with PUT, which replaces the list).
 */
export async function addParLevel(db: Db, customerId: string, input: AddParLevelInput): Promise<ParLevel> {
  const { location_id, level } = parseInput(addParLevelInput, input);
  return runWrite(db, async (trx) => {
    if (!(await findLocation(trx, customerId, location_id))) {
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Location', id: location_id });
    }
    if (await findParLevel(trx, customerId, { location_id, asset_type_id: level.asset_type_id })) {
      throw new AppError('DUPLICATE_KEY', {
        entity: PAR_LEVELS_ENTITY,
        field: 'asset_type_id',
        value: String(level.asset_type_id),
      });
    }
    // The unique key catches a racing twin as the same DUPLICATE_KEY; an unknown type is NO_MASTER_ENTITY_FOUND.
    const [added] = await insertParLevels(trx, customerId, [{ ...level, location_id }]);
    if (!added) throw new Error('The PAR level was not stored.');
    const boardIds = await boardIdsShowingLocations(trx, customerId, [location_id]);
    await recordChanges(trx, customerId, [
      { entity: 'par_level', entityId: added.id, action: 'insert', boardIds },
    ]);
    return added;
  });
}
