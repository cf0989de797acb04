import type { CustomerConfig, CustomerSettingsRecord } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from './database.ts';

export async function findCustomer(db: Db, id: string): Promise<CustomerConfig | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'auth_org_id', 'auth_device_client_id', 'locale'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewCustomer {
  readonly id: string;
  readonly auth_org_id: string;
  readonly auth_device_client_id: string;
  readonly locale?: string;
  readonly name?: string;
}

/** Inserts the customer unless one with its id exists; returns whether it was inserted. */
export async function insertCustomerIfMissing(db: Db, customer: NewCustomer): Promise<boolean> {
  const inserted = await db
    .insertInto('customers')
    .values(customer)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The customer whose identity-provider organization this is. */
export async function findCustomerIdByOrg(db: Db, orgId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('auth_org_id', '=', orgId)
    .executeTakeFirst();
  return row?.id;
}

/** The customer whose device client this is: its id and name. */
export async function findCustomerByDeviceClient(
  db: Db,
  clientId: string,
): Promise<{ id: string; name: string | null } | undefined> {
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('auth_device_client_id', '=', clientId)
    .executeTakeFirst();
}

/** What a customer's admin may read and change of their customer (BOF-29). */
export type { CustomerSettingsRecord };

const settingsColumns = [
  'id',
  'name',
  'locale',
  'auth_org_id',
  'auth_device_client_id',
  'tag_non_reporting_sec',
  'adt_workflow_id',
  'adt_catch_all',
  'visit_name_retention_days',
  'feed_message_retention_days',
  'audit_retention_years',
  'created_at',
] as const;

export async function findCustomerSettings(db: Db, id: string): Promise<CustomerSettingsRecord | undefined> {
  return db.selectFrom('customers').select(settingsColumns).where('id', '=', id).executeTakeFirst();
}

/** Whether any customer has this id, organization id or device client id. */
export async function findCustomerKeyInUse(
  db: Db,
  customer: NewCustomer,
): Promise<'id' | 'auth_org_id' | 'auth_device_client_id' | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'auth_org_id', 'auth_device_client_id'])
    .where((eb) =>
      eb.or([
        eb('id', '=', customer.id),
        eb('auth_org_id', '=', customer.auth_org_id),
        eb('auth_device_client_id', '=', customer.auth_device_client_id),
      ]),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.id === customer.id) return 'id';
  return row.auth_org_id === customer.auth_org_id ? 'auth_org_id' : 'auth_device_client_id';
}

export async function insertCustomer(db: Db, customer: NewCustomer): Promise<CustomerSettingsRecord> {
  return db.insertInto('customers').values(customer).returning(settingsColumns).executeTakeFirstOrThrow();
}

export interface CustomerSettingsChange {
  readonly name?: string;
  readonly locale?: string;
  readonly tag_non_reporting_sec?: number;
  readonly adt_workflow_id?: number | null;
  readonly adt_catch_all?: boolean;
  readonly visit_name_retention_days?: number;
  readonly feed_message_retention_days?: number;
  readonly audit_retention_years?: number;
}

/** Changes the customer's settings; undefined when there is no such customer. */
export async function updateCustomerSettings(
  db: Db,
  id: string,
  change: CustomerSettingsChange,
): Promise<CustomerSettingsRecord | undefined> {
  if (Object.keys(change).length === 0) return findCustomerSettings(db, id);
  return db
    .updateTable('customers')
    .set(change)
    .where('id', '=', id)
    .returning(settingsColumns)
    .executeTakeFirst();
}

export interface CustomerSummary {
  readonly id: string;
  readonly name: string | null;
  readonly locale: string;
  readonly auth_org_id: string | null;
  readonly auth_device_client_id: string | null;
  readonly users: number;
  readonly boards: number;
}

/** Every customer with its counts of accounts and boards, by id: the operator's `customer list`. */
export async function listCustomerSummaries(db: Db): Promise<CustomerSummary[]> {
  const rows = await db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.name',
      'c.locale',
      'c.auth_org_id',
      'c.auth_device_client_id',
      sql<string>`(SELECT count(*) FROM accounts a WHERE a.customer_id = c.id)`.as('users'),
      sql<string>`(SELECT count(*) FROM display_boards b WHERE b.customer_id = c.id)`.as('boards'),
    ])
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ ...row, users: Number(row.users), boards: Number(row.boards) }));
}
