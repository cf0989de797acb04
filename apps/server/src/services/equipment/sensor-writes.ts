import { z } from 'zod';
import { AppError, isAppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  deleteSensor,
  findSensorByIdentifier,
  insertSensor,
  type Sensor,
  updateSensor,
} from '../../store/repositories/sensors.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema, nameSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

const sensorFields = {
  /** What the RTLS system reports for this sensor: unique per customer (SENSOR_IS_IN_USE). */
  identifier: nameSchema(100),
  name: nameSchema(120),
  location_id: idSchema,
};

export const createSensorInput = z.strictObject(sensorFields);
export const updateSensorInput = z.strictObject(sensorFields).partial();

export type CreateSensorInput = z.input<typeof createSensorInput>;
export type UpdateSensorInput = z.input<typeof updateSensorInput>;

/** A sensor fixed in a location. No board shows sensors: the change names none. */
export async function createSensor(db: Db, customerId: string, input: CreateSensorInput): Promise<Sensor> {
  const data = parseInput(createSensorInput, input);
  return inUseOnRace(db, customerId, data.identifier, () =>
    runWrite(db, async (trx) => {
      await assertIdentifierFree(trx, customerId, data.identifier, null);
      const sensor = await insertSensor(trx, customerId, data);
      await recordChanges(trx, customerId, [
        { entity: 'sensor', entityId: sensor.id, action: 'insert', boardIds: [] },
      ]);
      return sensor;
    }),
  );
}

export async function updateSensorById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateSensorInput,
): Promise<Sensor> {
  const data = parseInput(updateSensorInput, input);
  return inUseOnRace(db, customerId, data.identifier, () =>
    runWrite(db, async (trx) => {
      if (data.identifier !== undefined) await assertIdentifierFree(trx, customerId, data.identifier, id);
      const sensor = await updateSensor(trx, customerId, id, data);
      if (!sensor) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Sensor', id });
      await recordChanges(trx, customerId, [
        { entity: 'sensor', entityId: id, action: 'update', boardIds: [] },
      ]);
      return sensor;
    }),
  );
}

export async function deleteSensorById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    if (!(await deleteSensor(trx, customerId, id)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Sensor', id });
    await recordChanges(trx, customerId, [
      { entity: 'sensor', entityId: id, action: 'delete', boardIds: [] },
    ]);
  });
}

/** SENSOR_IS_IN_USE names the identifier and the location that has it already (BOF-24). */
async function assertIdentifierFree(trx: Db, customerId: string, identifier: string, selfId: number | null) {
  const holder = await findSensorByIdentifier(trx, customerId, identifier);
  if (holder && holder.id !== selfId) {
    throw new AppError('SENSOR_IS_IN_USE', { value: identifier, location: holder.location_name });
  }
}

/** Two writers racing for one identifier: the loser's unique violation reads as SENSOR_IS_IN_USE too. */
async function inUseOnRace<T>(
  db: Db,
  customerId: string,
  identifier: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (identifier === undefined || !isAppError(error, 'DUPLICATE_KEY') || error.params.entity !== 'Sensor')
      throw error;
    await assertIdentifierFree(db, customerId, identifier, null);
    throw error;
  }
}
