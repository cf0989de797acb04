import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The organization's name, shown when a display of it is activated.
  await db.schema.alterTable('customers').addColumn('name', 'text').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per email address, whatever its case.
  await sql`CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email))`.execute(db);

  // oidc-provider's artifacts (grants, codes, tokens, sessions, interactions), one row each.
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['type', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute();
  await db.schema
    .createIndex('oidc_payloads_user_code')
    .on('oidc_payloads')
    .columns(['type', 'user_code'])
    .execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').columns(['type', 'uid']).execute();
  await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute();

  // Signing keys (JWK with private parts) and cookie keys; the newest active one signs.
  await db.schema
    .createTable('identity_keys')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('use', 'text', (col) => col.notNull().check(sql`use IN ('sig', 'cookie')`))
    .addColumn('material', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // A device activated with the device flow: which grant, who confirmed it, from where.
  await db.schema
    .createTable('device_activations')
    .addColumn('grant_id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('activated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['device_activations', 'identity_keys', 'oidc_payloads', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('customers').dropColumn('name').execute();
}
