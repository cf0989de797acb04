import { sql } from 'kysely';
import type { Db } from './database.ts';
import { type Page, type PageRequest, selectPage } from './repositories/page.ts';

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
  /** Null: a password account; else the sign-in connection that made it (IDN-25). */
  readonly connection_id: string | null;
  /** May sign in with a password when the customer allows only break-glass accounts (IDN-29). */
  readonly break_glass: boolean;
  readonly password_sign_in: 'everyone' | 'break_glass_only';
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
    .select([
      ...accountColumns,
      'accounts.password_hash',
      'accounts.disabled_at',
      'accounts.connection_id',
      'accounts.break_glass',
      'customers.auth_org_id',
      'customers.password_sign_in',
    ]);
}

/** The password account with this email: an account a connection made is found only by its subject (IDN-25). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountWithOrg | undefined> {
  return withOrg(db)
    .where('accounts.connection_id', 'is', null)
    .where(sql<string>`lower(accounts.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountWithOrg | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return withOrg(db).where('accounts.id', '=', id).executeTakeFirst();
}

/** What a person's access rests on: their account's customer, role and whether it is disabled (IDN-22). */
export interface AccountAccessState {
  readonly id: string;
  readonly customer_id: string;
  readonly role: string;
  readonly disabled_at: Date | null;
}

/** The accounts with these ids, many in one statement; an id of no account is missing from the answer. */
export async function findAccountAccessStates(db: Db, ids: readonly string[]): Promise<AccountAccessState[]> {
  return db
    .selectFrom('accounts')
    .select(['id', 'customer_id', 'role', 'disabled_at'])
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .execute();
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

/** Inserts the account unless its email is taken (another node starting at once made it); returns whether it did. */
export async function insertAccount(db: Db, account: NewAccountRow): Promise<boolean> {
  const rows = await db
    .insertInto('accounts')
    .values(account)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Sets the role of the customer's account with this email; returns its id, undefined when there is none. */
export async function updateAccountRole(
  db: Db,
  customerId: string,
  email: string,
  role: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('accounts')
    .set({ role })
    .where('customer_id', '=', customerId)
    .where('connection_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Disables (or with `disabled` false enables again) the account with this email; returns its id, undefined when there is none. */
export async function setAccountDisabled(
  db: Db,
  email: string,
  disabled: boolean,
): Promise<string | undefined> {
  const row = await db
    .updateTable('accounts')
    .set({ disabled_at: disabled ? new Date() : null, disabled_by: disabled ? 'admin' : null })
    .where('connection_id', 'is', null)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** An account as the users API shows it: never its password hash. */
export interface UserRow extends Account {
  readonly disabled_at: Date | null;
  readonly created_at: Date;
}

const userColumns = [...accountColumns, 'accounts.disabled_at', 'accounts.created_at'] as const;

export interface UserFilter {
  readonly role?: string | undefined;
  readonly disabled?: boolean | undefined;
}

/** One page of the customer's accounts, by email (case-insensitive, unique) then id (BOF-27). */
export async function listUserPage(
  db: Db,
  customerId: string,
  filter: UserFilter,
  page: PageRequest,
): Promise<Page<UserRow>> {
  let query = db
    .selectFrom('accounts')
    .select(userColumns)
    .where('accounts.customer_id', '=', customerId)
    .orderBy(sql`lower(accounts.email)`)
    .orderBy('accounts.id');
  if (filter.role !== undefined) query = query.where('accounts.role', '=', filter.role);
  if (filter.disabled !== undefined)
    query = query.where('accounts.disabled_at', filter.disabled ? 'is not' : 'is', null);
  return selectPage(query, page);
}

/** The customer's account with this id; another customer's is not found. */
export async function findUser(db: Db, customerId: string, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('accounts')
    .select(userColumns)
    .where('accounts.customer_id', '=', customerId)
    .where('accounts.id', '=', id)
    .executeTakeFirst();
}

export async function insertUser(db: Db, account: NewAccountRow): Promise<UserRow> {
  return db
    .insertInto('accounts')
    .values(account)
    .returning(['id', 'customer_id', 'email', 'name', 'role', 'disabled_at', 'created_at'])
    .executeTakeFirstOrThrow();
}

export interface UserChange {
  readonly name?: string;
  readonly role?: string;
  readonly disabled_at?: Date | null;
  readonly disabled_by?: 'admin' | null;
}

export async function updateUser(
  db: Db,
  customerId: string,
  id: string,
  change: UserChange,
): Promise<UserRow | undefined> {
  if (Object.keys(change).length === 0) return findUser(db, customerId, id);
  return db
    .updateTable('accounts')
    .set(change)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'customer_id', 'email', 'name', 'role', 'disabled_at', 'created_at'])
    .executeTakeFirst();
}

/** How many enabled admins the customer has (BOF-31: never none through the API). */
export async function countEnabledAdmins(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('customer_id', '=', customerId)
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The account's grants from sign-ins (its browsers), not those of the displays it
 * activated: a grant whose client is a customer's device client is a screen's (BOF-30).
 */
export async function personGrantIdsOfAccount(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oidc_payloads as p')
    .select('p.id')
    .where('p.type', '=', 'Grant')
    .where(sql<string>`p.payload->>'accountId'`, '=', accountId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customers as c')
            .select('c.id')
            .where('c.auth_device_client_id', '=', sql<string>`p.payload->>'clientId'`),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Ends the account's provider sessions, so a browser must sign in again (BOF-30). */
export async function deleteSessionsOfAccount(db: Db, accountId: string): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('type', '=', 'Session')
    .where(sql<string>`payload->>'accountId'`, '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
