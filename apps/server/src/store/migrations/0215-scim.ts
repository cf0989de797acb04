import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * SCIM 2.0 provisioning (decisions IDN-30 to IDN-32): what the hospital's directory says of an
 * account it manages. `scim_user_name` set means the directory manages the account (its
 * userName, unique per connection without regard to case among accounts not deleted, as RFC 7643
 * §4.1.1 has it); `scim_external_id` is its externalId (case-exact, unique likewise); the other
 * attributes it sent that Careboard keeps (name parts, displayName, emails) are
 * `scim_attributes`; `scim_modified_at` is meta.lastModified; `scim_deleted_at` marks a DELETE: the
 * account stays (disabled) for the audit and the history it authored, and SCIM answers 404 for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE accounts
      ADD COLUMN scim_user_name text,
      ADD COLUMN scim_external_id text,
      ADD COLUMN scim_attributes jsonb,
      ADD COLUMN scim_modified_at timestamptz,
      ADD COLUMN scim_deleted_at timestamptz,
      ADD CONSTRAINT accounts_scim_federated CHECK (scim_user_name IS NULL OR connection_id IS NOT NULL)`,
    `CREATE UNIQUE INDEX accounts_scim_user_name ON accounts (connection_id, lower(scim_user_name))
      WHERE scim_user_name IS NOT NULL AND scim_deleted_at IS NULL`,
    `CREATE UNIQUE INDEX accounts_scim_external_id ON accounts (connection_id, scim_external_id)
      WHERE scim_external_id IS NOT NULL AND scim_deleted_at IS NULL`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP INDEX accounts_scim_external_id',
    'DROP INDEX accounts_scim_user_name',
    `ALTER TABLE accounts DROP CONSTRAINT accounts_scim_federated, DROP COLUMN scim_user_name,
      DROP COLUMN scim_external_id, DROP COLUMN scim_attributes, DROP COLUMN scim_modified_at,
      DROP COLUMN scim_deleted_at`,
  ]);
}
