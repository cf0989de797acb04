import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { recordChanges } from '../store/change-log.ts';
import type { Db } from '../store/database.ts';
import { type Asset, findAsset, updateAssetLocation } from '../store/repositories/assets.ts';
import { boardIdsShowingLocations } from '../store/repositories/board-scope.ts';
import { parseInput } from './parse-input.ts';
import { idSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

export const moveAssetInput = z.strictObject({
  asset_id: idSchema,
  /** Null: the asset is nowhere we track (in transit, out for repair). */
  location_id: idSchema.nullable(),
});

export type MoveAssetInput = z.input<typeof moveAssetInput>;

/** Moves an asset; the PAR boards of the location it left and the one it reached change. */
export async function moveAssetToLocation(db: Db, customerId: string, input: MoveAssetInput): Promise<Asset> {
  const data = parseInput(moveAssetInput, input);
  return runWrite(db, async (trx) => {
    const asset = await findAsset(trx, customerId, data.asset_id, { forUpdate: true });
    if (!asset) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id: data.asset_id });
    if (asset.location_id === data.location_id) return asset;
    // The foreign key refuses a location the customer does not have.
    const moved = await updateAssetLocation(trx, customerId, asset.id, data.location_id);
    if (!moved) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id: data.asset_id });
    const touched = [asset.location_id, moved.location_id].filter((id): id is number => id !== null);
    const boardIds = await boardIdsShowingLocations(trx, customerId, touched);
    await recordChanges(trx, customerId, [
      { entity: 'asset', entityId: asset.id, action: 'update', boardIds },
    ]);
    return moved;
  });
}
