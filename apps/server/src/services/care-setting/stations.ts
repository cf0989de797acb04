import type { Db } from '../../store/database.ts';
import {
  deleteStation as deleteStationRow,
  forgetStationInCompletedVisits,
  insertStations,
  type Station,
  updateStation as updateStationRow,
} from '../../store/repositories/stations.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, deleted, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type CreateStationInput,
  createStationInput,
  type UpdateStationInput,
  updateStationInput,
} from './inputs.ts';

export async function createStation(db: Db, customerId: string, input: CreateStationInput): Promise<Station> {
  const data = parseInput(createStationInput, input);
  return runWrite(db, async (trx) => {
    const [station] = await insertStations(trx, customerId, [data]);
    const created = found(station, 'Station', 0);
    await recordSettingChange(trx, customerId, { entity: 'station', id: created.id, action: 'insert' });
    return created;
  });
}

export async function updateStation(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateStationInput,
): Promise<Station> {
  const patch = definedOnly(parseInput(updateStationInput, input));
  return runWrite(db, async (trx) => {
    const station = found(await updateStationRow(trx, customerId, id, patch), 'Station', id);
    await recordSettingChange(trx, customerId, { entity: 'station', id, action: 'update' });
    return station;
  });
}

/**
 * Deletes a station with its calls (the patient board's recent calls to it go too). A visit in
 * progress at it keeps it (refused: BOF-14); completed visits forget it (BOF-12).
 */
export async function deleteStation(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    await forgetStationInCompletedVisits(trx, customerId, id);
    deleted(await deleteStationRow(trx, customerId, id), 'Station', id);
    await recordSettingChange(trx, customerId, { entity: 'station', id, action: 'delete' });
  });
}
