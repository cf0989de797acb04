import type { SignInConnection } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { blankConnection, connectionBody, connectionIssues, domainsOf } from './connection-form.ts';

const pasted: SignInConnection = {
  id: 'c2',
  kind: 'saml',
  name: 'Pasted',
  domains: [],
  enabled: false,
  role_rules: [],
  default_role: null,
  created_at: '2026-03-02T12:00:00.000Z',
  updated_at: '2026-03-02T12:00:00.000Z',
  idp_metadata_url: null,
  idp_entity_id: 'urn:idp',
  idp_sso_url: 'https://idp.test/sso',
  idp_certificates: 1,
  email_attribute: 'email',
  name_attribute: 'name',
  groups_attribute: 'groups',
  sp_entity_id: 'urn:sp',
  acs_url: 'https://sp.test/acs',
  sp_metadata_url: 'https://sp.test/metadata',
};

describe('the connection form', () => {
  it('reads domains as typed: lower case, without "@", each once', () => {
    expect(domainsOf(' Hospital.org, @clinic.ORG;hospital.org\nlab.hospital.org ')).toEqual([
      'hospital.org',
      'clinic.org',
      'lab.hospital.org',
    ]);
    expect(
      connectionIssues({ ...blankConnection(), domains: 'hospital', name: 'x' }, undefined),
    ).toContainEqual({
      path: ['domains'],
      message: 'IS_NOT_VALID',
    });
  });

  it('never sends a secret with private_key_jwt, even one typed before switching to it', () => {
    const values = {
      ...blankConnection(),
      name: 'Okta',
      issuer: 'https://okta.test',
      client_id: 'c',
      client_secret: 'typed',
      token_endpoint_auth_method: 'private_key_jwt' as const,
    };
    expect(connectionIssues(values)).toEqual([]);
    expect(connectionBody(values)).not.toHaveProperty('client_secret');
  });

  it('keeps pasted SAML metadata on an edit that pastes none, and asks for it on a new connection', () => {
    const values = {
      ...blankConnection(),
      kind: 'saml' as const,
      name: 'Pasted',
      metadata_source: 'xml' as const,
    };
    expect(connectionIssues(values, pasted)).toEqual([]);
    expect(connectionBody(values, pasted)).not.toHaveProperty('idp_metadata_xml');
    expect(connectionIssues(values)).toEqual([{ path: ['idp_metadata_xml'], message: 'IS_REQUIRED' }]);
    expect(connectionBody({ ...values, idp_metadata_xml: ' <EntityDescriptor/> ' }, pasted)).toMatchObject({
      idp_metadata_xml: '<EntityDescriptor/>',
    });
  });
});
