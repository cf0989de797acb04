import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import {
  deleteStaff as deleteStaffRow,
  findStaffType,
  insertStaff,
  isBadgeWornByActiveVisit,
  type StaffMember,
  type StaffType,
  updateStaff as updateStaffRow,
  updateStaffType as updateStaffTypeRow,
} from '../../store/repositories/staff.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, deleted, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type CreateStaffInput,
  createStaffInput,
  type UpdateStaffInput,
  type UpdateStaffTypeInput,
  updateStaffInput,
  updateStaffTypeInput,
} from './inputs.ts';

/**
 * A badge a patient in progress wears cannot also be a staff member's (TAG_IS_IN_USE Badge);
 * one another staff member wears is refused by staff_badge_key, mapped to the same code.
 */
async function assertBadgeFree(
  trx: Db,
  customerId: string,
  badgeId: number | null | undefined,
): Promise<void> {
  if (badgeId === null || badgeId === undefined) return;
  if (await isBadgeWornByActiveVisit(trx, customerId, badgeId)) {
    throw new AppError('TAG_IS_IN_USE', { kind: 'Badge' });
  }
}

export async function createStaff(db: Db, customerId: string, input: CreateStaffInput): Promise<StaffMember> {
  const data = parseInput(createStaffInput, input);
  return runWrite(db, async (trx) => {
    await assertBadgeFree(trx, customerId, data.badge_id);
    const [member] = await insertStaff(trx, customerId, [data]);
    const created = found(member, 'Staff', 0);
    await recordSettingChange(trx, customerId, { entity: 'staff', id: created.id, action: 'insert' });
    return created;
  });
}

export async function updateStaff(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateStaffInput,
): Promise<StaffMember> {
  const patch = definedOnly(parseInput(updateStaffInput, input));
  return runWrite(db, async (trx) => {
    await assertBadgeFree(trx, customerId, patch.badge_id);
    const member = found(await updateStaffRow(trx, customerId, id, patch), 'Staff', id);
    await recordSettingChange(trx, customerId, { entity: 'staff', id, action: 'update' });
    return member;
  });
}

/** Deletes a staff member; the visits they were with simply lose them. */
export async function deleteStaff(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    deleted(await deleteStaffRow(trx, customerId, id), 'Staff', id);
    await recordSettingChange(trx, customerId, { entity: 'staff', id, action: 'delete' });
  });
}

/** Renames a staff type or changes its abbreviation (boards show them beside staff names). */
export async function updateStaffType(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateStaffTypeInput,
): Promise<StaffType> {
  const patch = definedOnly(parseInput(updateStaffTypeInput, input));
  // Staff type ids are smallints: a larger one is simply not found (and never reaches SQL).
  if (id > 32_767) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Staff type', id });
  return runWrite(db, async (trx) => {
    found(await findStaffType(trx, customerId, id), 'Staff type', id);
    const type = found(await updateStaffTypeRow(trx, customerId, id, patch), 'Staff type', id);
    await recordSettingChange(trx, customerId, { entity: 'staff_type', id, action: 'update' });
    return type;
  });
}
