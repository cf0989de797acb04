import type { SignInConnectionRecord } from '@careboard/contracts';
import { connectionUrls } from '../../identity/federation/connection-urls.ts';
import type { ConnectionRow } from '../../store/sign-in-connections.ts';
import { oidcDefaults, samlDefaults } from './connection-input.ts';

type RoleRule = SignInConnectionRecord['role_rules'][number];

function text(settings: Readonly<Record<string, unknown>>, key: string, fallback: string): string {
  const value = settings[key];
  return typeof value === 'string' ? value : fallback;
}

function texts(
  settings: Readonly<Record<string, unknown>>,
  key: string,
  fallback: readonly string[],
): string[] {
  const value = settings[key];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [...fallback];
}

/** A connection as the API answers it: the IdP admin's values, never a secret or a private key (IDN-23). */
export function toConnectionRecord(row: ConnectionRow, publicUrl: string): SignInConnectionRecord {
  const urls = connectionUrls(publicUrl, row.id);
  const s = row.settings;
  const base = {
    id: row.id,
    name: row.name,
    domains: [...row.domains],
    enabled: row.enabled,
    role_rules: row.role_rules.map((rule) => ({ group: rule.group, role: rule.role as RoleRule['role'] })),
    default_role: row.default_role as SignInConnectionRecord['default_role'],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  if (row.kind === 'oidc') {
    return {
      ...base,
      kind: 'oidc',
      issuer: text(s, 'issuer', ''),
      client_id: text(s, 'client_id', ''),
      token_endpoint_auth_method: text(
        s,
        'token_endpoint_auth_method',
        oidcDefaults.token_endpoint_auth_method,
      ) as 'client_secret_basic',
      client_secret_set: row.client_secret !== null,
      scopes: texts(s, 'scopes', oidcDefaults.scopes),
      subject_claim: text(s, 'subject_claim', oidcDefaults.subject_claim),
      email_claim: text(s, 'email_claim', oidcDefaults.email_claim),
      name_claim: text(s, 'name_claim', oidcDefaults.name_claim),
      groups_claim: text(s, 'groups_claim', oidcDefaults.groups_claim),
      groups_overage: text(s, 'groups_overage', oidcDefaults.groups_overage) as 'refuse',
      roles_claim: text(s, 'roles_claim', oidcDefaults.roles_claim),
      acr_values: texts(s, 'acr_values', oidcDefaults.acr_values),
      redirect_uri: urls.redirectUri,
      jwks_uri: urls.jwksUri,
    };
  }
  const idp = row.saml_idp ?? {};
  return {
    ...base,
    kind: 'saml',
    idp_metadata_url: typeof s.idp_metadata_url === 'string' ? s.idp_metadata_url : null,
    idp_entity_id: text(idp, 'entityId', ''),
    idp_sso_url: text(idp, 'ssoUrl', ''),
    idp_certificates: Array.isArray(idp.certificates) ? idp.certificates.length : 0,
    email_attribute: text(s, 'email_attribute', samlDefaults.email_attribute),
    name_attribute: text(s, 'name_attribute', samlDefaults.name_attribute),
    groups_attribute: text(s, 'groups_attribute', samlDefaults.groups_attribute),
    sp_entity_id: urls.spEntityId,
    acs_url: urls.acsUrl,
    sp_metadata_url: urls.spMetadataUrl,
  };
}
