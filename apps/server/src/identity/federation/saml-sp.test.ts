import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSigningKey, resignResponse, type SigningKey } from '../../../test/saml-signing.ts';
import {
  authnRequestUrl,
  CLOCK_SKEW_MS,
  parseIdpMetadata,
  SamlMetadataError,
  type SamlRefusalReason,
  SamlRefused,
  type SamlSp,
  spMetadataXml,
  validateResponse,
} from './saml-sp.ts';

/**
 * What SimpleSAMLphp 1.19 sent in one run of e2e/idp/simplesamlphp.test.ts's harness
 * (fixtures/saml/*.source.md): its metadata, and the response it signed for this SP's request.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/saml/${name}`, import.meta.url), 'utf8');
const METADATA = fixture('simplesamlphp-idp-metadata.xml');
const RESPONSE = fixture('simplesamlphp-response.xml');

const IDP_ENTITY_ID = 'http://127.0.0.1:44689/saml2/idp/metadata.php';
const SP: SamlSp = {
  spEntityId: 'urn:careboard:sp',
  acsUrl: 'http://127.0.0.1:43461/acs',
  idp: parseIdpMetadata(METADATA),
};
const REQUEST_ID = '_de64150b290b48c4baf3e7a7a2127b13fe38cf8e';
/** The response's IssueInstant; its assertion holds from 30 s before to 300 s after. */
const ISSUED = Date.parse('2026-12-02T06:03:29Z');
const NOT_BEFORE = Date.parse('2026-12-02T06:02:59Z');
const NOT_ON_OR_AFTER = Date.parse('2026-12-02T06:08:29Z');

/** A key that is not the IdP's, made on first use. */
let otherKey: SigningKey | undefined;
const another = () => (otherKey ??= makeSigningKey());

const base64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

function at(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}
afterEach(() => {
  vi.useRealTimers();
});

/** The reason validateResponse refused it for, or 'accepted'. */
async function outcome(sp: SamlSp, samlResponse: string, requestId = REQUEST_ID): Promise<string> {
  try {
    await validateResponse(sp, samlResponse, requestId);
    return 'accepted';
  } catch (error) {
    if (error instanceof SamlRefused) return error.reason;
    throw error;
  }
}

describe('parseIdpMetadata', () => {
  it("reads SimpleSAMLphp's metadata: entity id, HTTP-Redirect sign-in address, one signing certificate", () => {
    expect(SP.idp.entityId).toBe(IDP_ENTITY_ID);
    expect(SP.idp.ssoUrl).toBe('http://127.0.0.1:44689/saml2/idp/SSOService.php');
    // The same certificate is listed for signing and for encryption: it is counted once.
    expect(SP.idp.certificates).toHaveLength(1);
    expect(SP.idp.certificates[0]).toMatch(/^MIID[A-Za-z0-9+/]+=*$/);
  });

  it('reads metadata in the default namespace, as Entra ID and AD FS write it', () => {
    const unprefixed = METADATA.replaceAll('md:', '').replace('xmlns:md=', 'xmlns=');
    expect(unprefixed).toContain('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"');
    expect(parseIdpMetadata(unprefixed)).toEqual(SP.idp);
  });

  it('reads an EntitiesDescriptor that holds one IdP beside service providers', () => {
    const body = METADATA.replace('<?xml version="1.0"?>', '');
    const sp =
      '<md:EntityDescriptor entityID="urn:other:sp"><md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>';
    const wrapped = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${sp}${body}</md:EntitiesDescriptor>`;
    expect(parseIdpMetadata(wrapped)).toEqual(SP.idp);
  });

  const refusals: readonly (readonly [string, string, RegExp])[] = [
    ['not XML', 'Please find our metadata attached.', /not readable XML/],
    ['an empty file', '', /not readable XML/],
    ['an HTML page', '<html><body>Sign in</body></html>', /not SAML 2\.0 metadata/],
    ['unclosed XML', METADATA.slice(0, 500), /not readable XML/],
    [
      'a service provider’s metadata',
      METADATA.replaceAll('md:IDPSSODescriptor', 'md:SPSSODescriptor'),
      /no identity provider \(it has no IDPSSODescriptor\)/,
    ],
    [
      'two IdPs',
      `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${METADATA.replace('<?xml version="1.0"?>', '')}${METADATA.replace('<?xml version="1.0"?>', '').replace(IDP_ENTITY_ID, 'urn:other:idp')}</md:EntitiesDescriptor>`,
      /describes 2 identity providers/,
    ],
    [
      'no HTTP-Redirect single sign-on',
      METADATA.replace(/(<md:SingleSignOnService Binding="[^"]*)HTTP-Redirect/, '$1HTTP-POST'),
      /no sign-in address for the HTTP-Redirect binding.*it offers only HTTP-POST/,
    ],
    [
      'only an encryption certificate',
      METADATA.replace('use="signing"', 'use="encryption"'),
      /no signing certificate/,
    ],
    [
      'a certificate that is not one',
      METADATA.replace(/<ds:X509Certificate>MIID/g, '<ds:X509Certificate>AAAA'),
      /cannot be read as an X\.509 certificate/,
    ],
    ['no entityID', METADATA.replace(/ entityID="[^"]*"/, ''), /has no entityID/],
    [
      'an IdP of SAML 1.1 only',
      METADATA.replace('urn:oasis:names:tc:SAML:2.0:protocol', 'urn:oasis:names:tc:SAML:1.1:protocol'),
      /does not offer SAML 2\.0/,
    ],
    [
      'a document type',
      `<!DOCTYPE md:EntityDescriptor [<!ENTITY x "y">]>${METADATA.replace('<?xml version="1.0"?>', '')}`,
      /not readable XML/,
    ],
  ];
  for (const [what, xml, message] of refusals) {
    it(`refuses ${what} with a sentence that says so`, () => {
      expect(() => parseIdpMetadata(xml)).toThrow(SamlMetadataError);
      expect(() => parseIdpMetadata(xml)).toThrow(message);
    });
  }
});

describe('authnRequestUrl', () => {
  it('sends an unsigned AuthnRequest by HTTP-Redirect to the IdP, naming this SP, its ACS and its RelayState', async () => {
    const { url, requestId } = await authnRequestUrl(SP, 'relay-42');
    const sent = new URL(url);
    expect(`${sent.origin}${sent.pathname}`).toBe(SP.idp.ssoUrl);
    expect(sent.searchParams.get('RelayState')).toBe('relay-42');
    expect(sent.searchParams.has('Signature')).toBe(false);
    const xml = inflateRawSync(Buffer.from(sent.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
    const request = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
    expect(request.localName).toBe('AuthnRequest');
    expect(request.getAttribute('ID')).toBe(requestId);
    expect(request.getAttribute('Destination')).toBe(SP.idp.ssoUrl);
    expect(request.getAttribute('AssertionConsumerServiceURL')).toBe(SP.acsUrl);
    expect(request.getAttribute('ProtocolBinding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(request.getElementsByTagNameNS('*', 'Issuer')[0]?.textContent).toBe(SP.spEntityId);
    // The IdP chooses the NameID format and the authentication method.
    expect(request.getElementsByTagNameNS('*', 'NameIDPolicy')[0]?.hasAttribute('Format')).toBe(false);
    expect(request.getElementsByTagNameNS('*', 'RequestedAuthnContext')).toHaveLength(0);
  });

  it('makes a new request ID each time, an XML name', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await authnRequestUrl(SP, 'r')).requestId));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^_[0-9a-f]{40}$/);
  });

  it('refuses a RelayState over the 80 bytes of the binding', async () => {
    await expect(authnRequestUrl(SP, 'é'.repeat(41))).rejects.toThrow(RangeError);
  });
});

describe('spMetadataXml', () => {
  it('says entity id, an HTTP-POST ACS, unsigned requests and signed assertions wanted', () => {
    const doc = new DOMParser().parseFromString(spMetadataXml(SP), 'text/xml');
    expect(doc.documentElement.getAttribute('entityID')).toBe(SP.spEntityId);
    const descriptor = doc.getElementsByTagNameNS('*', 'SPSSODescriptor')[0];
    expect(descriptor?.getAttribute('AuthnRequestsSigned')).toBe('false');
    expect(descriptor?.getAttribute('WantAssertionsSigned')).toBe('true');
    const acs = doc.getElementsByTagNameNS('*', 'AssertionConsumerService')[0];
    expect(acs?.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(acs?.getAttribute('Location')).toBe(SP.acsUrl);
    expect(doc.getElementsByTagNameNS('*', 'KeyDescriptor')).toHaveLength(0);
  });
});

describe('validateResponse on the response SimpleSAMLphp signed', () => {
  it('accepts it as sent, during its validity, and gives its subject and attributes', async () => {
    at(ISSUED + 1_000);
    const answer = await validateResponse(SP, base64(RESPONSE), REQUEST_ID);
    expect(answer).toEqual({
      nameId: 'alice',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      assertionId: '_473b31b103ef2a4868b456b8997e6a5bff9a2554f2',
      inResponseTo: REQUEST_ID,
      notOnOrAfter: new Date(NOT_ON_OR_AFTER),
      attributes: {
        uid: ['alice'],
        email: ['alice@example.org'],
        name: ['Alice Example'],
        groups: ['nurses', 'ward-3'],
      },
    });
  });

  it(`allows ${CLOCK_SKEW_MS / 1000} s of clock skew at either end, and no more`, async () => {
    const response = base64(RESPONSE);
    const when = [NOT_BEFORE - CLOCK_SKEW_MS + 1_000, NOT_ON_OR_AFTER + CLOCK_SKEW_MS - 1_000];
    const late = [NOT_BEFORE - CLOCK_SKEW_MS - 1_000, NOT_ON_OR_AFTER + CLOCK_SKEW_MS + 1_000];
    const outcomes: string[] = [];
    for (const ms of [...when, ...late]) {
      at(ms);
      outcomes.push(await outcome(SP, response));
    }
    expect(outcomes).toEqual(['accepted', 'accepted', 'expired', 'expired']);
  });

  it('refuses it for another request', async () => {
    at(ISSUED);
    expect(await outcome(SP, base64(RESPONSE), '_another-request')).toBe('in_response_to');
  });

  it('refuses it under a certificate that is not the IdP’s', async () => {
    at(ISSUED);
    const other = another();
    expect(
      await outcome({ ...SP, idp: { ...SP.idp, certificates: [other.certificate] } }, base64(RESPONSE)),
    ).toBe('signature');
  });

  it('accepts it when the IdP’s certificate is one of several (a certificate rollover)', async () => {
    at(ISSUED);
    const other = another();
    const idp = { ...SP.idp, certificates: [other.certificate, ...SP.idp.certificates] };
    expect(await outcome({ ...SP, idp }, base64(RESPONSE))).toBe('accepted');
  });

  it('refuses it as another SP (audience), for another ACS (recipient), from another IdP entity (issuer)', async () => {
    at(ISSUED);
    const response = base64(RESPONSE);
    expect(await outcome({ ...SP, spEntityId: 'urn:careboard:other' }, response)).toBe('audience');
    expect(await outcome({ ...SP, acsUrl: 'http://127.0.0.1:43461/other-acs' }, response)).toBe('recipient');
    expect(await outcome({ ...SP, idp: { ...SP.idp, entityId: 'urn:other:idp' } }, response)).toBe('issuer');
  });
});

describe('validateResponse on a changed response', () => {
  let key: SigningKey;
  let sp: SamlSp;
  beforeAll(() => {
    key = another();
    sp = { ...SP, idp: { ...SP.idp, certificates: [key.certificate] } };
  });

  /** The real response with one change, signed again so that only the change is wrong. */
  const changed = (edit: (xml: string) => string, parts?: 'assertion' | 'response') =>
    base64(resignResponse(edit(RESPONSE), key, parts));

  it('accepts the real response re-signed unchanged (the signing of these tests is sound)', async () => {
    at(ISSUED);
    expect(
      await outcome(
        sp,
        changed((xml) => xml),
      ),
    ).toBe('accepted');
  });

  const cases: readonly (readonly [string, (xml: string) => string, SamlRefusalReason])[] = [
    ['an attribute changed after signing', (xml) => xml.replace('>ward-3<', '>ward-4<'), 'signature'],
    [
      'a Recipient of another ACS',
      (xml) =>
        xml.replace('Recipient="http://127.0.0.1:43461/acs"', 'Recipient="http://127.0.0.1:43461/evil"'),
      'recipient',
    ],
    [
      'a Destination of another ACS',
      (xml) =>
        xml.replace('Destination="http://127.0.0.1:43461/acs"', 'Destination="http://127.0.0.1:43461/evil"'),
      'recipient',
    ],
    ['no Destination', (xml) => xml.replace(' Destination="http://127.0.0.1:43461/acs"', ''), 'recipient'],
    [
      'an assertion Issuer of another IdP',
      (xml) => replaceNth(xml, `>${IDP_ENTITY_ID}<`, '>urn:other:idp<', 2),
      'issuer',
    ],
    [
      'a response Issuer of another IdP',
      (xml) => replaceNth(xml, `>${IDP_ENTITY_ID}<`, '>urn:other:idp<', 1),
      'issuer',
    ],
    [
      'an Audience of another SP',
      (xml) => xml.replace('<saml:Audience>urn:careboard:sp<', '<saml:Audience>urn:careboard:other<'),
      'audience',
    ],
    [
      'a subject confirmation for another request',
      (xml) => replaceNth(xml, `InResponseTo="${REQUEST_ID}"`, 'InResponseTo="_other"', 2),
      'in_response_to',
    ],
    [
      'no InResponseTo (IdP-initiated)',
      (xml) => xml.replaceAll(` InResponseTo="${REQUEST_ID}"`, ''),
      'in_response_to',
    ],
    ['a status other than Success', (xml) => xml.replace('status:Success', 'status:Responder'), 'status'],
    [
      'two assertions',
      (xml) => xml.replace(/(<saml:Assertion[\s\S]*<\/saml:Assertion>)/, '$1$1'),
      'malformed',
    ],
  ];
  for (const [what, edit, reason] of cases) {
    it(`refuses ${what}: ${reason}`, async () => {
      at(ISSUED);
      const samlResponse = what.includes('after signing')
        ? base64(edit(resignResponse(RESPONSE, key)))
        : changed(edit);
      expect(await outcome(sp, samlResponse)).toBe(reason);
    });
  }

  it('refuses a response whose Response or whose Assertion alone is signed: signature', async () => {
    at(ISSUED);
    expect(
      await outcome(
        sp,
        changed((xml) => xml, 'assertion'),
      ),
    ).toBe('signature');
    expect(
      await outcome(
        sp,
        changed((xml) => xml, 'response'),
      ),
    ).toBe('signature');
  });

  it('refuses an unsigned refusal of the IdP with its status, and what is not a response as malformed', async () => {
    at(ISSUED);
    const refusal = RESPONSE.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
      .replace(/<saml:Assertion[\s\S]*<\/saml:Assertion>/, '')
      .replace(
        '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/>',
        '<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode>',
      );
    await expect(validateResponse(sp, base64(refusal), REQUEST_ID)).rejects.toMatchObject({
      reason: 'status',
      message: expect.stringContaining('Responder, AuthnFailed'),
    });
    for (const bad of [
      'not base64!',
      base64('not XML at all'),
      base64(`<!DOCTYPE x [<!ENTITY a "b">]>${RESPONSE}`),
      base64(RESPONSE.replaceAll('samlp:Response', 'samlp:LogoutResponse')),
      base64(RESPONSE.replace(/<saml:Assertion[\s\S]*<\/saml:Assertion>/, '')),
    ]) {
      expect(await outcome(sp, bad)).toBe('malformed');
    }
  });
});

function replaceNth(text: string, search: string, replacement: string, nth: number): string {
  let index = -1;
  for (let i = 0; i < nth; i += 1) {
    index = text.indexOf(search, index + 1);
    if (index < 0) throw new Error(`No occurrence ${nth} of ${search}`);
  }
  return text.slice(0, index) + replacement + text.slice(index + search.length);
}
