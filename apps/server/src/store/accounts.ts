import { sql } from 'kysely';
import type { Db } from './database.ts';

export interface Account {
  readonly id: string;
  readonly customer_id: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
}

export interface AccountWithOrg extends Account {
  readonly auth_org_id: string | null;
  readonly password_hash: string;
  readonly disabled_at: Date | null;
}

const accountColumns = [
  'accounts.id',
  'accounts.customer_id',
  'accounts.email',
  'accounts.name',
  'accounts.role',
] as const;

function withOrg(db: Db) {
  return db
    .selectFrom('accounts')
    .innerJoin('customers', 'customers.id', 'accounts.customer_id')
    .select([...accountColumns, 'accounts.password_hash', 'accounts.disabled_at', 'customers.auth_org_id']);
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountWithOrg | undefined> {
  return withOrg(db)
    .where(sql<string>`lower(accounts.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountWithOrg | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return withOrg(db).where('accounts.id', '=', id).executeTakeFirst();
}

export async function listAccounts(db: Db, customerId?: string): Promise<Account[]> {
  let query = db.selectFrom('accounts').select(accountColumns).orderBy('accounts.email');
  if (customerId) query = query.where('accounts.customer_id', '=', customerId);
  return query.execute();
}

export interface NewAccountRow {
  readonly customer_id: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly password_hash: string;
}

export async function insertAccount(db: Db, account: NewAccountRow): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
}

/** Sets the role of the customer's account with this email; returns whether there was one. */
export async function updateAccountRole(
  db: Db,
  customerId: string,
  email: string,
  role: string,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ role })
    .where('customer_id', '=', customerId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Disables (or with `disabled` false enables again) the account with this email; returns whether there was one. */
export async function setAccountDisabled(db: Db, email: string, disabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ disabled_at: disabled ? new Date() : null })
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
