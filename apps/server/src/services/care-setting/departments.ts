import type { Db } from '../../store/database.ts';
import {
  boardIdsOfDepartment,
  deleteDepartment as deleteDepartmentRow,
  updateDepartment as updateDepartmentRow,
} from '../../store/repositories/departments.ts';
import { type Department, insertDepartment } from '../../store/repositories/sites.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, deleted, found, recordSettingChange } from './care-setting-changes.ts';
import {
  type CreateDepartmentInput,
  createDepartmentInput,
  type UpdateDepartmentInput,
  updateDepartmentInput,
} from './inputs.ts';

export async function createDepartment(
  db: Db,
  customerId: string,
  input: CreateDepartmentInput,
): Promise<Department> {
  const data = parseInput(createDepartmentInput, input);
  return runWrite(db, async (trx) => {
    const department = await insertDepartment(trx, customerId, data);
    await recordSettingChange(trx, customerId, { entity: 'department', id: department.id, action: 'insert' });
    return department;
  });
}

/** Renames a department or moves it to another site; its boards get the new config live. */
export async function updateDepartment(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateDepartmentInput,
): Promise<Department> {
  const patch = definedOnly(parseInput(updateDepartmentInput, input));
  return runWrite(db, async (trx) => {
    const department = found(await updateDepartmentRow(trx, customerId, id, patch), 'Department', id);
    const boards = await boardIdsOfDepartment(trx, customerId, id);
    await recordSettingChange(trx, customerId, { entity: 'department', id, action: 'update' }, boards);
    return department;
  });
}

/** Deletes a department that has no workflows and no boards (those refuse it: BOF-14). */
export async function deleteDepartment(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    deleted(await deleteDepartmentRow(trx, customerId, id), 'Department', id);
    await recordSettingChange(trx, customerId, { entity: 'department', id, action: 'delete' });
  });
}
