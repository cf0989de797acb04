import type { CreatedUser } from '@careboard/contracts';

/** The roles the API knows, highest first (apps/server/src/identity/roles.ts). */
export const roles = ['admin', 'staff', 'visitor'] as const;

/** The password a new user's answer (POST /users) carries, if the server made one (BOF-27). */
export function generatedPassword(result: unknown): { name: string; password: string } | undefined {
  const created = result as Partial<CreatedUser> | null;
  return created && typeof created.password === 'string' && typeof created.name === 'string'
    ? { name: created.name, password: created.password }
    : undefined;
}
