import type { Json } from './json.ts';

/** One rule of a sign-in connection: a person in `group` gets `role`; the first match wins (IDN-26). */
export interface RoleRuleRecord {
  readonly group: string;
  readonly role: 'admin' | 'staff' | 'visitor';
}

/** What every connection has, whatever its kind (GET /sign-in-connections, IDN-23). */
interface ConnectionBase {
  readonly id: string;
  readonly name: string;
  /** The email domains it serves (lower case); a domain belongs to one connection only. */
  readonly domains: readonly string[];
  readonly enabled: boolean;
  readonly role_rules: readonly RoleRuleRecord[];
  /** The role when no rule matches; null: such a person is refused. */
  readonly default_role: 'staff' | 'visitor' | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

/** An OpenID Connect connection: Careboard is a relying party of the hospital's issuer. */
export interface OidcConnectionRecord extends ConnectionBase {
  readonly kind: 'oidc';
  readonly issuer: string;
  readonly client_id: string;
  /** How Careboard authenticates at the token endpoint. */
  readonly token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
  /** Whether a client secret is stored: the secret itself is never returned. */
  readonly client_secret_set: boolean;
  readonly scopes: readonly string[];
  /** Where the person's identifier is read: `sub` unless the IdP needs another (Entra ID's `oid`). */
  readonly subject_claim: string;
  /** Claim names or dotted paths (`realm_access.roles`). */
  readonly email_claim: string;
  readonly name_claim: string;
  readonly groups_claim: string;
  /** Entra ID's groups overage (too many groups for the token): read `roles_claim` instead, or refuse. */
  readonly groups_overage: 'use_roles' | 'refuse';
  readonly roles_claim: string;
  /** When set, an answer whose `acr` is none of these is refused (multi-factor sign-in). */
  readonly acr_values: readonly string[];
  /** For the IdP admin: the redirect URI to register. */
  readonly redirect_uri: string;
  /** For the IdP admin, private_key_jwt: where Careboard's public key is published. */
  readonly jwks_uri: string;
}

/** A SAML 2.0 connection: Careboard is a service provider of the hospital's IdP. */
export interface SamlConnectionRecord extends ConnectionBase {
  readonly kind: 'saml';
  /** The metadata URL it was read from; null when the XML was pasted. */
  readonly idp_metadata_url: string | null;
  /** What the metadata said. */
  readonly idp_entity_id: string;
  readonly idp_sso_url: string;
  readonly idp_certificates: number;
  readonly email_attribute: string;
  readonly name_attribute: string;
  readonly groups_attribute: string;
  /** For the IdP admin. */
  readonly sp_entity_id: string;
  readonly acs_url: string;
  readonly sp_metadata_url: string;
}

export type SignInConnectionRecord = OidcConnectionRecord | SamlConnectionRecord;
export type SignInConnection = Json<OidcConnectionRecord> | Json<SamlConnectionRecord>;

/** POST /sign-in-connections/:id/test: where to open the test sign-in (a new window). */
export interface SignInTestRecord {
  readonly url: string;
  readonly expires_at: Date;
}
export interface SignInTest extends Json<SignInTestRecord> {}

/** GET, PUT /sign-in-settings: who may sign in with a password (IDN-29). */
export interface SignInSettingsRecord {
  readonly password_sign_in: 'everyone' | 'break_glass_only';
  /** The accounts that may still sign in with a password when only break-glass accounts may. */
  readonly break_glass_user_ids: readonly string[];
}
export interface SignInSettings extends Json<SignInSettingsRecord> {}

/** A SCIM token as listed: never the token, which POST /scim-tokens shows once (IDN-30). */
export interface ScimTokenRecord {
  readonly id: string;
  readonly name: string;
  readonly connection_id: string;
  readonly created_at: Date;
  readonly last_used_at: Date | null;
}
export interface ScimToken extends Json<ScimTokenRecord> {}

export interface CreatedScimTokenRecord extends ScimTokenRecord {
  /** Shown this once: give it to the hospital's directory as its bearer token. */
  readonly token: string;
  /** The SCIM base URL to give with it. */
  readonly base_url: string;
}
export interface CreatedScimToken extends Json<CreatedScimTokenRecord> {}
