import type { SignInConnectionRecord } from '@careboard/contracts';
import { settingText, settingTexts } from '../../identity/federation/connection-settings.ts';
import { connectionUrls } from '../../identity/federation/connection-urls.ts';
import type { ConnectionRow } from '../../store/sign-in-connections.ts';
import { oidcDefaults, samlDefaults } from './connection-input.ts';

type RoleRule = SignInConnectionRecord['role_rules'][number];

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
      issuer: settingText(s, 'issuer', ''),
      client_id: settingText(s, 'client_id', ''),
      token_endpoint_auth_method: settingText(
        s,
        'token_endpoint_auth_method',
        oidcDefaults.token_endpoint_auth_method,
      ) as 'client_secret_basic',
      client_secret_set: row.client_secret !== null,
      scopes: settingTexts(s, 'scopes', oidcDefaults.scopes),
      subject_claim: settingText(s, 'subject_claim', oidcDefaults.subject_claim),
      email_claim: settingText(s, 'email_claim', oidcDefaults.email_claim),
      name_claim: settingText(s, 'name_claim', oidcDefaults.name_claim),
      groups_claim: settingText(s, 'groups_claim', oidcDefaults.groups_claim),
      groups_overage: settingText(s, 'groups_overage', oidcDefaults.groups_overage) as 'refuse',
      roles_claim: settingText(s, 'roles_claim', oidcDefaults.roles_claim),
      acr_values: settingTexts(s, 'acr_values', oidcDefaults.acr_values),
      redirect_uri: urls.redirectUri,
      jwks_uri: urls.jwksUri,
    };
  }
  const idp = row.saml_idp ?? {};
  return {
    ...base,
    kind: 'saml',
    idp_metadata_url: typeof s.idp_metadata_url === 'string' ? s.idp_metadata_url : null,
    idp_entity_id: settingText(idp, 'entityId', ''),
    idp_sso_url: settingText(idp, 'ssoUrl', ''),
    idp_certificates: Array.isArray(idp.certificates) ? idp.certificates.length : 0,
    email_attribute: settingText(s, 'email_attribute', samlDefaults.email_attribute),
    name_attribute: settingText(s, 'name_attribute', samlDefaults.name_attribute),
    groups_attribute: settingText(s, 'groups_attribute', samlDefaults.groups_attribute),
    sp_entity_id: urls.spEntityId,
    acs_url: urls.acsUrl,
    sp_metadata_url: urls.spMetadataUrl,
  };
}
