import type { UserRecord } from '@careboard/contracts';
import type { Role } from '../../identity/roles.ts';
import type { UserRow } from '../../store/accounts.ts';

/** A user as the API answers it (`UserRecord`: whether it is disabled, never its password hash), its role one of ours. */
export interface User extends UserRecord {
  readonly role: Role;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    disabled: row.disabled_at !== null,
    created_at: row.created_at,
  };
}
