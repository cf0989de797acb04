import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  type AssetType,
  deleteAssetType,
  insertAssetType,
  isAssetTypeInUse,
  renameAssetType,
} from '../../store/repositories/asset-types.ts';
import { parseInput } from '../parse-input.ts';
import { nameSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

export const assetTypeInput = z.strictObject({ name: nameSchema(120) });

export type AssetTypeInput = z.input<typeof assetTypeInput>;

/** A new asset type: no asset and no PAR level has it yet, so no board shows it. */
export async function createAssetType(db: Db, customerId: string, input: AssetTypeInput): Promise<AssetType> {
  const data = parseInput(assetTypeInput, input);
  return runWrite(db, async (trx) => {
    const type = await insertAssetType(trx, customerId, data.name);
    await recordChanges(trx, customerId, [
      { entity: 'asset_type', entityId: type.id, action: 'insert', boardIds: [] },
    ]);
    return type;
  });
}

/** Renames an asset type; PAR boards name it, so any of the customer's may change. */
export async function renameAssetTypeById(
  db: Db,
  customerId: string,
  id: number,
  input: AssetTypeInput,
): Promise<AssetType> {
  const data = parseInput(assetTypeInput, input);
  return runWrite(db, async (trx) => {
    const type = await renameAssetType(trx, customerId, id, data.name);
    if (!type) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset type', id });
    await recordChanges(trx, customerId, [
      { entity: 'asset_type', entityId: id, action: 'update', boardIds: null },
    ]);
    return type;
  });
}

/** Removes an asset type no asset and no PAR level has (ASSET_TYPE_IS_IN_USE; decision BOF-22). */
export async function deleteAssetTypeById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    if (await isAssetTypeInUse(trx, customerId, id)) throw new AppError('ASSET_TYPE_IS_IN_USE', {});
    if (!(await deleteAssetType(trx, customerId, id))) {
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Asset type', id });
    }
    await recordChanges(trx, customerId, [
      { entity: 'asset_type', entityId: id, action: 'delete', boardIds: [] },
    ]);
  });
}
