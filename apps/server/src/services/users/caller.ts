import { AppError } from '../../errors/app-error.ts';
import { roleLevel } from '../../identity/roles.ts';
import { findUser, type UserRow } from '../../store/accounts.ts';
import type { Db } from '../../store/database.ts';

/** Who asks: a person's token names their account (`sub`); a screen's names its device too. */
export interface Caller {
  readonly subject: string;
  readonly isDevice: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's own enabled account of this customer, whose role is their level (BOF-28).
 * A screen, a token of no account of the customer, or a disabled account whose token has
 * not lapsed yet may not manage users: FORBIDDEN.
 */
export async function callerAccount(db: Db, customerId: string, caller: Caller): Promise<UserRow> {
  const account =
    !caller.isDevice && UUID.test(caller.subject)
      ? await findUser(db, customerId, caller.subject)
      : undefined;
  if (!account || account.disabled_at !== null) throw new AppError('FORBIDDEN', {});
  return account;
}

/** Nobody sets a level above their own, nor touches a user above it (BOF-28). */
export function assertWithinLevel(caller: UserRow, role: string): void {
  if (roleLevel(role) > roleLevel(caller.role)) throw new AppError('USER_LEVEL_IS_NOT_VALID', {});
}

/** A user id that cannot be an account's is not found, as another customer's is. */
export async function findUserOrThrow(db: Db, customerId: string, id: string): Promise<UserRow> {
  const user = UUID.test(id) ? await findUser(db, customerId, id) : undefined;
  if (!user) throw new AppError('ENTITY_NOT_FOUND', { entity: 'User', id });
  return user;
}
