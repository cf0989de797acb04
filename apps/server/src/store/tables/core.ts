import type { Generated } from 'kysely';

export interface CoreTables {
  customers: CustomersTable;
}

export interface CustomersTable {
  id: string;
  auth_org_id: string | null;
  auth_device_client_id: string | null;
  locale: Generated<string>;
  name: string | null;
  created_at: Generated<Date>;
}
