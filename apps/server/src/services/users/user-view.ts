import type { Role } from '../../identity/roles.ts';
import type { UserRow } from '../../store/accounts.ts';

/** A user as the API answers it: whether it is disabled, never its password hash. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly disabled: boolean;
  readonly created_at: Date;
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
