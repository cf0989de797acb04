import { randomBytes } from 'node:crypto';
import {
  deleteSessionsOfAccount,
  findAccountByEmail,
  insertAccount,
  personGrantIdsOfAccount,
} from '../store/accounts.ts';
import type { Db } from '../store/database.ts';
import { revokeGrant } from './oidc-adapter.ts';
import { hashPassword } from './password.ts';
import type { Role } from './roles.ts';

/** The shortest password an account may be given, by the admin command or the users API. */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest: scrypt reads it all, so a megabyte of password is a megabyte of work. */
export const MAX_PASSWORD_LENGTH = 200;

/** A password to show once: 15 random bytes, 20 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

export interface NewAccount {
  readonly customerId: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly password: string;
}

/** Creates the account unless its email exists; returns whether it was created. */
export async function createAccountIfMissing(db: Db, account: NewAccount): Promise<boolean> {
  if (await findAccountByEmail(db, account.email)) return false;
  return insertAccount(db, {
    customer_id: account.customerId,
    email: account.email.trim(),
    name: account.name,
    role: account.role,
    password_hash: await hashPassword(account.password),
  });
}

/**
 * Ends the account's sign-ins at once: its browser grants go (their refresh tokens fail
 * from now on) and so do its provider sessions. The displays it activated are left to
 * IDN-13, which checks them at their next refresh (decision BOF-30).
 */
export async function endSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  let ended = 0;
  for (const grantId of await personGrantIdsOfAccount(db, accountId)) ended += await revokeGrant(db, grantId);
  return ended + (await deleteSessionsOfAccount(db, accountId));
}
