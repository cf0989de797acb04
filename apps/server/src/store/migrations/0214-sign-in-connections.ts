import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * Sign-in with the hospital's own identity provider (decisions IDN-23 to IDN-33): a customer's
 * connections (OpenID Connect or SAML 2.0) and the email domains each serves; accounts made by a
 * connection, keyed by the connection and the provider's subject (never by email: a federated
 * account's email need not be unique, a password account's still is); the requests in flight to a
 * provider (state, PKCE verifier, nonce, SAML request id) and the SAML assertions already used;
 * password sign-in per customer (everyone, or only named break-glass accounts); SCIM tokens
 * (stored hashed) and the groups a hospital's directory pushes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE sign_in_connections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('oidc', 'saml')),
      name text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      role_rules jsonb NOT NULL DEFAULT '[]',
      default_role text CHECK (default_role IN ('admin', 'staff', 'visitor')),
      settings jsonb NOT NULL DEFAULT '{}',
      client_secret text,
      private_key jsonb,
      saml_idp jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`,
    'CREATE INDEX sign_in_connections_customer ON sign_in_connections (customer_id)',
    `CREATE TABLE sign_in_domains (
      domain text PRIMARY KEY CHECK (domain = lower(domain)),
      connection_id uuid NOT NULL REFERENCES sign_in_connections (id) ON DELETE CASCADE
    )`,
    'CREATE INDEX sign_in_domains_connection ON sign_in_domains (connection_id)',
    `ALTER TABLE accounts
      ADD COLUMN connection_id uuid REFERENCES sign_in_connections (id),
      ADD COLUMN external_subject text,
      ADD COLUMN idp_groups text[] NOT NULL DEFAULT '{}',
      ADD COLUMN break_glass boolean NOT NULL DEFAULT false,
      ADD COLUMN disabled_by text CHECK (disabled_by IN ('admin', 'scim', 'no_role', 'connection')),
      ADD COLUMN last_sign_in_at timestamptz,
      ADD CONSTRAINT accounts_federated_subject CHECK ((connection_id IS NULL) = (external_subject IS NULL))`,
    'DROP INDEX accounts_email_key',
    'CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email)) WHERE connection_id IS NULL',
    'CREATE UNIQUE INDEX accounts_connection_subject ON accounts (connection_id, external_subject) WHERE connection_id IS NOT NULL',
    `ALTER TABLE customers ADD COLUMN password_sign_in text NOT NULL DEFAULT 'everyone'
      CHECK (password_sign_in IN ('everyone', 'break_glass_only'))`,
    `CREATE TABLE sign_in_requests (
      id text PRIMARY KEY,
      connection_id uuid NOT NULL REFERENCES sign_in_connections (id) ON DELETE CASCADE,
      interaction_uid text,
      test_by uuid REFERENCES accounts (id) ON DELETE CASCADE,
      code_verifier text,
      nonce text,
      saml_request_id text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      CHECK ((interaction_uid IS NULL) <> (test_by IS NULL))
    )`,
    'CREATE INDEX sign_in_requests_expires ON sign_in_requests (expires_at)',
    `CREATE TABLE saml_assertions_seen (
      connection_id uuid NOT NULL REFERENCES sign_in_connections (id) ON DELETE CASCADE,
      assertion_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (connection_id, assertion_id)
    )`,
    `CREATE TABLE scim_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      connection_id uuid NOT NULL REFERENCES sign_in_connections (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
    'CREATE INDEX scim_tokens_customer ON scim_tokens (customer_id)',
    `CREATE TABLE scim_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      connection_id uuid NOT NULL REFERENCES sign_in_connections (id) ON DELETE CASCADE,
      display_name text NOT NULL,
      external_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (connection_id, display_name)
    )`,
    `CREATE TABLE scim_group_members (
      group_id uuid NOT NULL REFERENCES scim_groups (id) ON DELETE CASCADE,
      account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, account_id)
    )`,
    'CREATE INDEX scim_group_members_account ON scim_group_members (account_id)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DROP TABLE scim_group_members',
    'DROP TABLE scim_groups',
    'DROP TABLE scim_tokens',
    'DROP TABLE saml_assertions_seen',
    'DROP TABLE sign_in_requests',
    'ALTER TABLE customers DROP COLUMN password_sign_in',
    'DELETE FROM accounts WHERE connection_id IS NOT NULL',
    'DROP INDEX accounts_connection_subject',
    'DROP INDEX accounts_email_key',
    'CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email))',
    `ALTER TABLE accounts DROP CONSTRAINT accounts_federated_subject, DROP COLUMN connection_id,
      DROP COLUMN external_subject, DROP COLUMN idp_groups, DROP COLUMN break_glass,
      DROP COLUMN disabled_by, DROP COLUMN last_sign_in_at`,
    'DROP TABLE sign_in_domains',
    'DROP TABLE sign_in_connections',
  ]);
}
