import type { CustomerConfig } from '@careboard/contracts';
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
