import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('auth_org_id', 'text', (col) => col.unique())
    .addColumn('auth_device_client_id', 'text', (col) => col.unique())
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en-US'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customers').execute();
}
