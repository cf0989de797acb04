/** A user as GET /users answers (apps/server/src/api/people/people-schemas.ts): never a password. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  readonly created_at: string;
}

/** POST /users' answer: the generated password when none was sent, shown this once (BOF-27). */
export interface CreatedUser extends User {
  readonly password?: string;
}

/** The roles the API knows, highest first (apps/server/src/identity/roles.ts). */
export const roles = ['admin', 'staff', 'visitor'] as const;

/** The password a new user's answer carries, if the server made one. */
export function generatedPassword(result: unknown): { name: string; password: string } | undefined {
  const created = result as Partial<CreatedUser> | null;
  return created && typeof created.password === 'string' && typeof created.name === 'string'
    ? { name: created.name, password: created.password }
    : undefined;
}
