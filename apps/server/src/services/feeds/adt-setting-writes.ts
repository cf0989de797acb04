import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import {
  type AdtSenderRecord,
  deleteFacility,
  deletePointOfCare,
  deleteSender,
  type FacilityRecord,
  insertFacility,
  insertPointOfCare,
  insertSender,
  isFacilityTakenByOther,
  type PointOfCare,
  updateFacility,
  updatePointOfCare,
  updateSender,
} from '../../store/repositories/adt-settings.ts';
import { definedOnly, found } from '../care-setting/care-setting-changes.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { recordFeedSettingChange } from './feed-setting-changes.ts';
import {
  type CreateFacilityInput,
  type CreatePointOfCareInput,
  type CreateSenderInput,
  createFacilityInput,
  createPointOfCareInput,
  createSenderInput,
  facilitySchema,
  type UpdateFacilityInput,
  type UpdatePointOfCareInput,
  type UpdateSenderInput,
  updateFacilityInput,
  updatePointOfCareInput,
  updateSenderInput,
} from './feed-setting-inputs.ts';

/** A point of care → workflow (and phase) mapping; one per point of care (DUPLICATE_KEY). */
export async function createPointOfCare(
  db: Db,
  customerId: string,
  input: CreatePointOfCareInput,
): Promise<PointOfCare> {
  const data = parseInput(createPointOfCareInput, input);
  return runWrite(db, async (trx) => {
    const point = await insertPointOfCare(trx, customerId, data);
    await recordFeedSettingChange(trx, customerId, 'adt_point_of_care', point.id, 'insert');
    return point;
  });
}

export async function updatePointOfCareById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdatePointOfCareInput,
): Promise<PointOfCare> {
  const patch = definedOnly(parseInput(updatePointOfCareInput, input));
  return runWrite(db, async (trx) => {
    const point = found(await updatePointOfCare(trx, customerId, id, patch), 'Point of care', id);
    await recordFeedSettingChange(trx, customerId, 'adt_point_of_care', id, 'update');
    return point;
  });
}

export async function deletePointOfCareById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    if (!(await deletePointOfCare(trx, customerId, id)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Point of care', id });
    await recordFeedSettingChange(trx, customerId, 'adt_point_of_care', id, 'delete');
  });
}

/**
 * Maps a receiving facility to the customer. Facilities are one namespace across customers:
 * a name another customer has (mapped, or as its id, which MSH-6 also matches) is
 * DUPLICATE_KEY, naming the facility and never the customer (decision FEED-42).
 */
export async function addFacility(
  db: Db,
  customerId: string,
  input: CreateFacilityInput,
): Promise<FacilityRecord> {
  const { facility } = parseInput(createFacilityInput, input);
  return runWrite(db, async (trx) => {
    if (await isFacilityTakenByOther(trx, customerId, facility)) {
      throw new AppError('DUPLICATE_KEY', { entity: 'Facility', field: 'facility', value: facility });
    }
    const added = await insertFacility(trx, customerId, facility);
    // A facility has no integer id: the change names none (0), its kind is what the console needs.
    await recordFeedSettingChange(trx, customerId, 'adt_facility', 0, 'insert');
    return added;
  });
}

/** How one of the customer's facilities' messages are read; another customer's is ENTITY_NOT_FOUND. */
export async function updateFacilitySettings(
  db: Db,
  customerId: string,
  name: string,
  input: UpdateFacilityInput,
): Promise<FacilityRecord> {
  const facility = parseInput(facilitySchema, name);
  const settings = definedOnly(parseInput(updateFacilityInput, input));
  return runWrite(db, async (trx) => {
    const updated = await updateFacility(trx, customerId, facility, settings);
    if (!updated) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Facility', id: facility });
    await recordFeedSettingChange(trx, customerId, 'adt_facility', 0, 'update');
    return updated;
  });
}

export async function removeFacility(db: Db, customerId: string, name: string): Promise<void> {
  const facility = parseInput(facilitySchema, name);
  await runWrite(db, async (trx) => {
    if (!(await deleteFacility(trx, customerId, facility)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'Facility', id: facility });
    await recordFeedSettingChange(trx, customerId, 'adt_facility', 0, 'delete');
  });
}

/**
 * A sender of one of the customer's facilities (decision FEED-52). A facility that is not the
 * customer's, another's included, is 422 NO_MASTER_ENTITY_FOUND naming it (the foreign key is on
 * customer and facility). A sender is part of its facility's mapping: its change is recorded
 * as `adt_facility`, which the console's ADT tab already hears.
 */
export async function createSender(
  db: Db,
  customerId: string,
  input: CreateSenderInput,
): Promise<AdtSenderRecord> {
  const data = parseInput(createSenderInput, input);
  return runWrite(db, async (trx) => {
    const sender = await insertSender(trx, customerId, data);
    await recordFeedSettingChange(trx, customerId, 'adt_facility', sender.id, 'insert');
    return sender;
  });
}

export async function updateSenderById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateSenderInput,
): Promise<AdtSenderRecord> {
  const patch = definedOnly(parseInput(updateSenderInput, input));
  return runWrite(db, async (trx) => {
    const sender = found(await updateSender(trx, customerId, id, patch), 'ADT sender', id);
    await recordFeedSettingChange(trx, customerId, 'adt_facility', id, 'update');
    return sender;
  });
}

export async function deleteSenderById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    if (!(await deleteSender(trx, customerId, id)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: 'ADT sender', id });
    await recordFeedSettingChange(trx, customerId, 'adt_facility', id, 'delete');
  });
}
