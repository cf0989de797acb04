import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  type Asset,
  deleteAsset,
  findAsset,
  findAssetByTag,
  insertAsset,
  updateAsset,
} from '../../store/repositories/assets.ts';
import { boardIdsShowingLocations } from '../../store/repositories/board-scope.ts';
import { findTag } from '../../store/repositories/tags.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema, nameSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

const assetFields = {
  name: nameSchema(120),
  asset_type_id: idSchema,
  /** An asset tag (kind asset_tag) no other asset has; null: untagged. */
  tag_id: idSchema.nullable(),
  /** Null: nowhere we track (in transit, out for repair). */
  location_id: idSchema.nullable(),
};

export const createAssetInput = z.strictObject({
  ...assetFields,
  tag_id: assetFields.tag_id.default(null),
  location_id: assetFields.location_id.default(null),
});
export const updateAssetInput = z.strictObject(assetFields).partial();

export type CreateAssetInput = z.input<typeof createAssetInput>;
export type UpdateAssetInput = z.input<typeof updateAssetInput>;

/** A new asset; the PAR boards showing its location count it at once. */
export async function createAsset(db: Db, customerId: string, input: CreateAssetInput): Promise<Asset> {
  const data = parseInput(createAssetInput, input);
  return runWrite(db, async (trx) => {
    await assertTagFree(trx, customerId, data.tag_id, null);
    const asset = await insertAsset(trx, customerId, data);
    await recordAssetChange(trx, customerId, asset.id, 'insert', [asset.location_id]);
    return asset;
  });
}

/** Renames, retypes, retags or moves an asset; the boards of the place it left and reached change. */
export async function updateAssetById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateAssetInput,
): Promise<Asset> {
  const data = parseInput(updateAssetInput, input);
  return runWrite(db, async (trx) => {
    const before = await findAsset(trx, customerId, id, { forUpdate: true });
    if (!before) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id });
    if (data.tag_id !== undefined && data.tag_id !== before.tag_id) {
      await assertTagFree(trx, customerId, data.tag_id, id);
    }
    const asset = await updateAsset(trx, customerId, id, data);
    if (!asset) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id });
    await recordAssetChange(trx, customerId, id, 'update', [before.location_id, asset.location_id]);
    return asset;
  });
}

export async function deleteAssetById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    const asset = await findAsset(trx, customerId, id, { forUpdate: true });
    if (!asset) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset', id });
    await deleteAsset(trx, customerId, id);
    await recordAssetChange(trx, customerId, id, 'delete', [asset.location_id]);
  });
}

/** The tag must be an asset tag of the customer that no other asset has (decision BOF-25). */
async function assertTagFree(trx: Db, customerId: string, tagId: number | null, selfId: number | null) {
  if (tagId === null) return;
  const tag = await findTag(trx, customerId, tagId, { forUpdate: true });
  if (!tag)
    throw new AppError('NO_MASTER_ENTITY_FOUND', { entity: 'Tag', field: 'tag_id', value: String(tagId) });
  if (tag.kind !== 'asset_tag') throw new AppError('IS_NOT_VALID', { field: 'tag_id' });
  const holder = await findAssetByTag(trx, customerId, tagId);
  if (holder && holder.id !== selfId) throw new AppError('TAG_IS_IN_USE', { kind: 'Tag' });
}

/** As move-asset.ts does: the PAR boards showing a location the asset left or reached change. */
async function recordAssetChange(
  trx: Db,
  customerId: string,
  assetId: number,
  action: 'insert' | 'update' | 'delete',
  locationIds: readonly (number | null)[],
): Promise<void> {
  const touched = locationIds.filter((locationId): locationId is number => locationId !== null);
  const boardIds = await boardIdsShowingLocations(trx, customerId, touched);
  await recordChanges(trx, customerId, [{ entity: 'asset', entityId: assetId, action, boardIds }]);
}
