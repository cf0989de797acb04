import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import type { Db } from '../store/database.ts';
import { type Call, insertCall } from '../store/repositories/calls.ts';
import { findStation } from '../store/repositories/stations.ts';
import { updateVisit } from '../store/repositories/visits.ts';
import { lockActiveVisit, recordVisitChange } from './active-visit.ts';
import { parseInput } from './parse-input.ts';
import { idSchema, textSchema } from './schema-parts.ts';
import { runWrite } from './write-transaction.ts';

export const callVisitToStationInput = z.strictObject({
  visit_id: idSchema,
  station_id: idSchema,
  /** Who called: an account, or "simulator". */
  called_by: textSchema().trim().min(1).max(120).nullable().optional(),
});

export type CallVisitToStationInput = z.input<typeof callVisitToStationInput>;

/** Calls a patient to a station: the patient board announces it; the visit is now at the station. */
export async function callVisitToStation(
  db: Db,
  customerId: string,
  input: CallVisitToStationInput,
  now: Date = new Date(),
): Promise<Call> {
  const data = parseInput(callVisitToStationInput, input);
  return runWrite(db, async (trx) => {
    const visit = await lockActiveVisit(trx, customerId, data.visit_id);
    const station = await findStation(trx, customerId, data.station_id);
    if (!station) {
      throw new AppError('NO_MASTER_ENTITY_FOUND', {
        entity: 'Station',
        field: 'station_id',
        value: String(data.station_id),
      });
    }
    await updateVisit(trx, customerId, visit.id, {
      station_id: station.id,
      location_id: station.location_id,
    });
    const call = await insertCall(trx, customerId, {
      visit_id: visit.id,
      station_id: station.id,
      called_at: now,
      called_by: data.called_by ?? null,
    });
    await recordVisitChange(trx, customerId, visit, 'update', [
      { entity: 'call', entityId: call.id, action: 'insert' },
    ]);
    return call;
  });
}
