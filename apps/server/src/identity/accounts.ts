import { findAccountByEmail, insertAccount } from '../store/accounts.ts';
import type { Db } from '../store/database.ts';
import { hashPassword } from './password.ts';
import type { Role } from './roles.ts';

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
  await insertAccount(db, {
    customer_id: account.customerId,
    email: account.email.trim(),
    name: account.name,
    role: account.role,
    password_hash: await hashPassword(account.password),
  });
  return true;
}
