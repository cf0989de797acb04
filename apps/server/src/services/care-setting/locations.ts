import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { boardIdsListing, boardIdsListingOnly } from '../../store/repositories/care-setting-boards.ts';
import {
  deleteLocation as deleteLocationRow,
  findLocation,
  forgetLocationInCompletedVisits,
  insertLocations,
  type Location,
  updateLocation as updateLocationRow,
} from '../../store/repositories/locations.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type CreateLocationInput,
  createLocationInput,
  type UpdateLocationInput,
  updateLocationInput,
} from './inputs.ts';

export async function createLocation(
  db: Db,
  customerId: string,
  input: CreateLocationInput,
): Promise<Location> {
  const data = parseInput(createLocationInput, input);
  return runWrite(db, async (trx) => {
    const [location] = await insertLocations(trx, customerId, [data]);
    const created = found(location, 'Location', 0);
    await recordSettingChange(trx, customerId, { entity: 'location', id: created.id, action: 'insert' });
    return created;
  });
}

export async function updateLocation(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateLocationInput,
): Promise<Location> {
  const patch = definedOnly(parseInput(updateLocationInput, input));
  return runWrite(db, async (trx) => {
    const location = found(await updateLocationRow(trx, customerId, id, patch), 'Location', id);
    const boards = await boardIdsListing(trx, customerId, 'location_ids', [id]);
    await recordSettingChange(trx, customerId, { entity: 'location', id, action: 'update' }, boards);
    return location;
  });
}

/**
 * Deletes a location with its sensors and PAR levels. Stations, assets and visits in progress
 * there keep it (refused: BOF-14), as does a board that lists only it (BOF-11); completed visits
 * forget it (BOF-12).
 */
export async function deleteLocation(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    found(await findLocation(trx, customerId, id), 'Location', id);
    if ((await boardIdsListingOnly(trx, customerId, 'location_ids', [id])).length > 0) {
      throw new AppError('IS_NOT_VALID', { field: 'id' });
    }
    const boards = await boardIdsListing(trx, customerId, 'location_ids', [id]);
    await forgetLocationInCompletedVisits(trx, customerId, id);
    await deleteLocationRow(trx, customerId, id);
    await recordSettingChange(trx, customerId, { entity: 'location', id, action: 'delete' }, boards);
  });
}
