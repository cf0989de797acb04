import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** The identity provider's tables. */
export interface IdentityTables {
  accounts: AccountsTable;
  oidc_payloads: OidcPayloadsTable;
  identity_keys: IdentityKeysTable;
  sign_in_connections: SignInConnectionsTable;
  sign_in_domains: SignInDomainsTable;
  sign_in_requests: SignInRequestsTable;
  saml_assertions_seen: SamlAssertionsSeenTable;
  scim_tokens: ScimTokensTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
}

export interface AccountsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: Generated<Date>;
  /** Set when the account is disabled: no sign-in, its grants end (decision IDN-13). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The connection that made the account; null: a password account (IDN-25). */
  connection_id: ColumnType<string | null, string | null | undefined, never>;
  /**
   * The provider's subject (OIDC `sub` or the connection's subject claim, SAML NameID, SCIM externalId
   * or userName). It never changes but once: a SCIM DELETE releases it (IDN-31), so a person given
   * the same identifier later is a new account, never the leaver's.
   */
  external_subject: ColumnType<string | null, string | null | undefined, string>;
  /** The groups the provider named at the last sign-in (IDN-26). */
  idp_groups: ColumnType<string[], string[] | undefined, string[]>;
  /** May sign in with a password when the customer allows only break-glass accounts (IDN-29). */
  break_glass: ColumnType<boolean, boolean | undefined, boolean>;
  /** Who disabled it: an admin, the hospital's directory (SCIM), its groups mapping to no role, a deleted connection. */
  disabled_by: ColumnType<DisabledBy | null, DisabledBy | null | undefined, DisabledBy | null>;
  last_sign_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set: the hospital's directory manages the account through SCIM; its userName (IDN-31). */
  scim_user_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The directory's externalId, when it sent one. */
  scim_external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The other SCIM attributes kept as the directory sent them: name parts, displayName, emails. */
  scim_attributes: JSONColumnType<ScimAttributes | null, ScimAttributes | null, ScimAttributes | null>;
  /** meta.lastModified of the SCIM User. */
  scim_modified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Deleted through SCIM: kept, disabled, for the audit; SCIM answers 404 for it (IDN-32). */
  scim_deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** What a SCIM User holds beyond its keys and `active` (RFC 7643 §4.1), trimmed to what Careboard keeps. */
export interface ScimAttributes {
  readonly name?: {
    readonly formatted?: string;
    readonly givenName?: string;
    readonly familyName?: string;
    readonly middleName?: string;
    readonly honorificPrefix?: string;
    readonly honorificSuffix?: string;
  };
  readonly displayName?: string;
  readonly emails?: readonly { readonly value: string; readonly type?: string; readonly primary?: boolean }[];
}

export type DisabledBy = 'admin' | 'scim' | 'no_role' | 'connection';

export interface SignInConnectionsTable {
  id: Generated<string>;
  customer_id: string;
  kind: 'oidc' | 'saml';
  name: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  role_rules: JSONColumnType<{ group: string; role: string }[]>;
  default_role: string | null;
  /** The kind's fields that are not secret (issuer, client id, claim names; attribute names, metadata URL). */
  settings: JSONColumnType<Record<string, unknown>>;
  /** OIDC client secret: write-only through the API, never logged or audited. */
  client_secret: string | null;
  /** private_key_jwt: the key pair Careboard signs its client assertions with (a JWK, private). */
  private_key: JSONColumnType<
    Record<string, unknown> | null,
    Record<string, unknown> | null,
    Record<string, unknown> | null
  >;
  /** SAML: what the IdP's metadata says (entity id, sign-in URL, signing certificates). */
  saml_idp: JSONColumnType<
    Record<string, unknown> | null,
    Record<string, unknown> | null,
    Record<string, unknown> | null
  >;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SignInDomainsTable {
  domain: string;
  connection_id: string;
}

/** A sign-in sent to a provider and not yet back: its state (the id), PKCE verifier, nonce or SAML request id. */
export interface SignInRequestsTable {
  id: string;
  connection_id: string;
  /** The embedded provider's interaction it finishes; null: a test sign-in. */
  interaction_uid: string | null;
  /** The admin who asked for a test sign-in. */
  test_by: string | null;
  code_verifier: string | null;
  nonce: string | null;
  saml_request_id: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SamlAssertionsSeenTable {
  connection_id: string;
  assertion_id: string;
  expires_at: Date;
}

export interface ScimTokensTable {
  id: Generated<string>;
  customer_id: string;
  connection_id: string;
  name: string;
  /** SHA-256 of the token, hex: the token itself is shown once. */
  token_hash: string;
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ScimGroupsTable {
  id: Generated<string>;
  customer_id: string;
  connection_id: string;
  display_name: string;
  external_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ScimGroupMembersTable {
  group_id: string;
  account_id: string;
}

export interface OidcPayloadsTable {
  type: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  /** Presentations of a consumed refresh token within its grace (decision IDN-19). */
  reuses: Generated<number>;
}

export interface IdentityKeysTable {
  kid: string;
  use: 'sig' | 'cookie';
  material: JSONColumnType<Record<string, unknown>>;
  created_at: Generated<Date>;
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
