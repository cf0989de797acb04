import type { Generated } from 'kysely';

/** The database as Kysely sees it; one interface per table. */
export interface Database {
  customers: CustomersTable;
}

export interface CustomersTable {
  id: string;
  auth_org_id: string | null;
  auth_device_client_id: string | null;
  locale: Generated<string>;
  created_at: Generated<Date>;
}
