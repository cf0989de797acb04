import { AppError } from '../../errors/app-error.ts';
import { endSessionsOfAccount } from '../../identity/accounts.ts';
import { roleLevel } from '../../identity/roles.ts';
import {
  countEnabledAdmins,
  type UserChange,
  type UserRow,
  updateUser as updateUserRow,
} from '../../store/accounts.ts';
import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import type { Db } from '../../store/database.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { assertWithinLevel, type Caller, callerAccount, findUserOrThrow } from './caller.ts';
import { type UpdateUserInput, updateUserInput } from './user-input.ts';
import { toUser, type User } from './user-view.ts';

type Parsed = ReturnType<typeof updateUserInput.parse>;

/** Whether the change takes an enabled admin away: demoted or disabled. */
function removesAnAdmin(target: UserRow, data: Parsed): boolean {
  if (target.role !== 'admin' || target.disabled_at !== null) return false;
  return data.disabled === true || (data.role !== undefined && data.role !== 'admin');
}

/**
 * The customer keeps an enabled admin: the last one can be neither demoted nor disabled
 * through the API (USER_LEVEL_IS_NOT_VALID); the lock makes two admins demoting each other
 * at once take turns (decision BOF-31).
 */
async function assertAnAdminRemains(trx: Db, customerId: string): Promise<void> {
  await lockUntilTransactionEnds(trx, 'careboard_admins', customerId);
  if ((await countEnabledAdmins(trx, customerId)) <= 1) throw new AppError('USER_LEVEL_IS_NOT_VALID', {});
}

function changeOf(target: UserRow, data: Parsed): UserChange {
  return {
    ...(data.name !== undefined ? { name: data.name } : {}),
    ...(data.role !== undefined ? { role: data.role } : {}),
    // Disabling a disabled user keeps when it was first disabled.
    ...(data.disabled !== undefined
      ? {
          disabled_at: data.disabled ? (target.disabled_at ?? new Date()) : null,
          disabled_by: data.disabled ? 'admin' : null,
        }
      : {}),
  };
}

/**
 * Renames a user, changes their role or disables them (or enables them again). The caller
 * touches no user above their own level and sets no role above it (BOF-28). Disabling or
 * lowering a role ends the user's sign-ins at once (BOF-30, IDN-13).
 */
export async function updateUser(
  db: Db,
  customerId: string,
  caller: Caller,
  id: string,
  input: UpdateUserInput,
): Promise<User> {
  const data = parseInput(updateUserInput, input);
  return runWrite(db, async (trx) => {
    const me = await callerAccount(trx, customerId, caller);
    const target = await findUserOrThrow(trx, customerId, id);
    assertWithinLevel(me, target.role);
    if (data.role !== undefined) assertWithinLevel(me, data.role);
    if (removesAnAdmin(target, data)) await assertAnAdminRemains(trx, customerId);
    const row = await updateUserRow(trx, customerId, target.id, changeOf(target, data));
    if (!row) throw new AppError('ENTITY_NOT_FOUND', { entity: 'User', id });
    const lowered = data.role !== undefined && roleLevel(data.role) < roleLevel(target.role);
    if (data.disabled === true || lowered) await endSessionsOfAccount(trx, target.id);
    return toUser(row);
  });
}
