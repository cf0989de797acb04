import { PAR_LEVELS_ENTITY } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { type Change, recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { boardIdsShowingLocations } from '../store/repositories/board-scope.ts';
import { findLocation } from '../store/repositories/locations.ts';
import {
  deleteParLevelsOfLocation,
  insertParLevels,
  type ParLevel,
} from '../store/repositories/par-levels.ts';
import { parseInput } from './parse-input.ts';
import { idSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

const MAX_COUNT = 100_000;

export const parLevelRowSchema = z
  .strictObject({
    asset_type_id: idSchema,
    min: z.number().int().min(0).max(MAX_COUNT),
    max: z.number().int().min(0).max(MAX_COUNT),
  })
  .refine((level) => level.max >= level.min, { error: 'max must not be below min', path: ['max'] });

export const setParLevelsInput = z.strictObject({
  location_id: idSchema,
  /** Every PAR level of the location: the ones not listed are removed. */
  levels: z.array(parLevelRowSchema).max(200),
});

export type SetParLevelsInput = z.input<typeof setParLevelsInput>;

/**
 * Replaces a location's PAR levels with the given rows, all or nothing: one bad
 * row (an unknown asset type, an asset type twice) leaves the old levels in place.
 */
export async function setParLevels(
  db: Db,
  customerId: string,
  input: SetParLevelsInput,
): Promise<ParLevel[]> {
  const data = parseInput(setParLevelsInput, input);
  return runWrite(db, async (trx) => {
    if (!(await findLocation(trx, customerId, data.location_id))) {
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Location', id: data.location_id });
    }
    assertEachTypeOnce(data.levels);
    const removed = await deleteParLevelsOfLocation(trx, customerId, data.location_id);
    const levels = await insertParLevels(
      trx,
      customerId,
      data.levels.map((level) => ({ ...level, location_id: data.location_id })),
    );
    const boardIds = await boardIdsShowingLocations(trx, customerId, [data.location_id]);
    const changes: Change[] = [
      ...removed.map((id) => ({
        entity: 'par_level' as const,
        entityId: id,
        action: 'delete' as const,
        boardIds,
      })),
      ...levels.map((level) => ({
        entity: 'par_level' as const,
        entityId: level.id,
        action: 'insert' as const,
        boardIds,
      })),
    ];
    if (changes.length > 0) await recordChanges(trx, customerId, changes);
    return levels;
  });
}

/** An asset type twice in one list is the PAR text of DUPLICATE_KEY, before anything is removed. */
function assertEachTypeOnce(levels: readonly { asset_type_id: number }[]): void {
  const seen = new Set<number>();
  for (const { asset_type_id } of levels) {
    if (seen.has(asset_type_id)) {
      throw new AppError('DUPLICATE_KEY', {
        entity: PAR_LEVELS_ENTITY,
        field: 'asset_type_id',
        value: String(asset_type_id),
      });
    }
    seen.add(asset_type_id);
  }
}
