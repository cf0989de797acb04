import { randomBytes, X509Certificate } from 'node:crypto';
import {
  type CacheProvider,
  generateServiceProviderMetadata,
  type Profile,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';

/**
 * A SAML 2.0 service provider for one hospital's identity provider (decision IDN-23): the IdP's
 * metadata read, an SP-initiated AuthnRequest by HTTP-Redirect, its HTTP-POST answer validated, and
 * the SP's own metadata. Signatures, audience, times and InResponseTo are node-saml's checks; the
 * issuer, the destination and recipient and the status it does not check on a response that holds
 * an assertion (read in its 5.1 source), so they are checked here, on the XML it verified.
 * The caller keeps the requests it sent and the assertion IDs already used (replay).
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const SAML_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const HTTP_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** How far the IdP's clock may be from ours, either way, for NotBefore and NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60_000;

/** RelayState is at most 80 bytes (SAML 2.0 bindings, 3.4.3); some IdPs refuse a longer one. */
const RELAY_STATE_MAX_BYTES = 80;

const select = xpath.useNamespaces({ md: MD, ds: DS, saml: SAML_ASSERTION, samlp: SAML_PROTOCOL });

/** What an IdP's metadata says. */
export interface SamlIdp {
  readonly entityId: string;
  /** The SingleSignOnService of the HTTP-Redirect binding. */
  readonly ssoUrl: string;
  /** Signing certificates, base64 DER without PEM armour. */
  readonly certificates: readonly string[];
}

export class SamlMetadataError extends Error {
  override readonly name = 'SamlMetadataError';
}

export interface SamlSp {
  readonly spEntityId: string;
  readonly acsUrl: string;
  readonly idp: SamlIdp;
}

export type SamlRefusalReason =
  | 'signature'
  | 'audience'
  | 'recipient'
  | 'expired'
  | 'in_response_to'
  | 'issuer'
  | 'status'
  | 'malformed'
  | 'replayed';

/** A SAMLResponse refused: a short machine reason and a sentence; node-saml's own message, if any, is the cause. */
export class SamlRefused extends Error {
  override readonly name = 'SamlRefused';
  readonly reason: SamlRefusalReason;
  constructor(reason: SamlRefusalReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

export interface SamlAnswer {
  readonly nameId: string;
  readonly nameIdFormat: string | null;
  readonly assertionId: string;
  readonly inResponseTo: string;
  /**
   * The earliest NotOnOrAfter of the assertion's conditions and its subject confirmation. It is
   * accepted until CLOCK_SKEW_MS after that: keep its ID (against replay) at least that long.
   */
  readonly notOnOrAfter: Date;
  /** By attribute Name, as sent (SimpleSAMLphp with basic NameFormat: `email`, `name`, `groups`). */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
}

// ---- XML --------------------------------------------------------------------------------------

/** Parses XML strictly: xmldom only warns about what is not well-formed, so a warning fails too. */
function parseXml(text: string): Document | string {
  const problems: string[] = [];
  const report = (message: string) =>
    problems.push(message.replace(/^\[xmldom \w+\]\s*/, '').split('\n')[0] ?? '');
  const doc = new DOMParser({
    errorHandler: { warning: report, error: report, fatalError: report },
  }).parseFromString(text, 'text/xml');
  if (problems.length > 0) return problems.join('; ');
  if (!doc?.documentElement) return 'no element in it';
  // No document type: SAML never needs one, and entities are how XML bombs are made.
  if (doc.doctype) return 'it declares a document type';
  return doc;
}

function elements(expression: string, node: Node): Element[] {
  const found = select(expression, node);
  return xpath.isArrayOfNodes(found) ? found.filter(xpath.isElement) : [];
}

function firstElement(expression: string, node: Node): Element | undefined {
  return elements(expression, node)[0];
}

/** An element's text as canonicalization sees it: all its text nodes, comments left out. */
function text(element: Element | undefined): string | null {
  const value = element?.textContent?.trim();
  return value ? value : null;
}

function attribute(element: Element | undefined, name: string): string | null {
  return element?.hasAttribute(name) ? element.getAttribute(name) : null;
}

// ---- IdP metadata -----------------------------------------------------------------------------

function idpEntity(doc: Document): Element {
  const root = doc.documentElement;
  if (root.namespaceURI !== MD || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName)) {
    throw new SamlMetadataError(
      'This XML is not SAML 2.0 metadata: it should begin with an EntityDescriptor (or EntitiesDescriptor) element. Export the metadata from the identity provider again.',
    );
  }
  const idps = elements('descendant-or-self::md:EntityDescriptor[md:IDPSSODescriptor]', root);
  if (idps.length === 0) {
    throw new SamlMetadataError(
      'This metadata describes no identity provider (it has no IDPSSODescriptor): it may be the metadata of a service provider. Export the identity provider’s own SAML 2.0 metadata.',
    );
  }
  if (idps.length > 1) {
    throw new SamlMetadataError(
      `This metadata describes ${idps.length} identity providers; export the metadata of just the one the hospital signs in with.`,
    );
  }
  return idps[0] as Element;
}

function signingCertificates(descriptor: Element): string[] {
  // A KeyDescriptor without `use` is for signing and encryption both.
  const keyDescriptors = elements('md:KeyDescriptor[not(@use) or @use="signing"]', descriptor);
  const certificates = keyDescriptors.flatMap((key) =>
    elements('ds:KeyInfo/ds:X509Data/ds:X509Certificate', key).map((cert) =>
      (cert.textContent ?? '').replace(/\s+/g, ''),
    ),
  );
  const unique = [...new Set(certificates.filter((cert) => cert.length > 0))];
  if (unique.length === 0) {
    throw new SamlMetadataError(
      'The identity provider’s metadata has no signing certificate (a KeyDescriptor for signing with an X509Certificate), so its signatures could not be checked.',
    );
  }
  for (const cert of unique) {
    try {
      new X509Certificate(Buffer.from(cert, 'base64'));
    } catch {
      throw new SamlMetadataError(
        'A signing certificate in the identity provider’s metadata cannot be read as an X.509 certificate: export the metadata again, unedited.',
      );
    }
  }
  return unique;
}

function redirectSsoUrl(descriptor: Element): string {
  const services = elements('md:SingleSignOnService', descriptor);
  const location = attribute(
    services.find((service) => service.getAttribute('Binding') === HTTP_REDIRECT),
    'Location',
  );
  if (location === null) {
    const offered = services
      .map((service) => service.getAttribute('Binding')?.replace(/^.*:/, ''))
      .join(', ');
    throw new SamlMetadataError(
      `The identity provider offers no sign-in address for the HTTP-Redirect binding (a SingleSignOnService), which Careboard uses${offered ? `; it offers only ${offered}` : ''}. Enable HTTP-Redirect for single sign-on at the identity provider.`,
    );
  }
  if (!URL.canParse(location) || !/^https?:$/.test(new URL(location).protocol)) {
    throw new SamlMetadataError(`The identity provider’s sign-in address is not a web address: ${location}`);
  }
  return location;
}

/**
 * Reads IdP metadata XML: an EntityDescriptor, or an EntitiesDescriptor holding exactly one IdP.
 * Throws SamlMetadataError with a sentence a hospital's administrator can act on.
 */
export function parseIdpMetadata(xml: string): SamlIdp {
  const doc = parseXml(xml);
  if (typeof doc === 'string') {
    throw new SamlMetadataError(
      `This is not the identity provider’s metadata: it is not readable XML (${doc}). Metadata is an XML file that begins with <EntityDescriptor.`,
    );
  }
  const entity = idpEntity(doc);
  const entityId = attribute(entity, 'entityID');
  if (!entityId) throw new SamlMetadataError('The identity provider in this metadata has no entityID.');
  // Shibboleth lists SAML 1.1 and 2.0 in one descriptor; others give each its own.
  const descriptor = elements('md:IDPSSODescriptor', entity).find((candidate) =>
    (candidate.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML_PROTOCOL),
  );
  if (!descriptor) {
    throw new SamlMetadataError(
      'The identity provider in this metadata does not offer SAML 2.0 (no IDPSSODescriptor names it in its protocolSupportEnumeration).',
    );
  }
  return { entityId, ssoUrl: redirectSsoUrl(descriptor), certificates: signingCertificates(descriptor) };
}

// ---- Requests and metadata of the SP ----------------------------------------------------------

/** node-saml for one SP, with the checks this module relies on made explicit (not left to defaults). */
function samlOf(
  sp: SamlSp,
  options: { readonly requestId?: string; readonly cacheProvider?: CacheProvider },
) {
  return new SAML({
    issuer: sp.spEntityId,
    callbackUrl: sp.acsUrl,
    entryPoint: sp.idp.ssoUrl,
    idpCert: [...sp.idp.certificates],
    audience: sp.spEntityId,
    wantAuthnResponseSigned: true,
    wantAssertionsSigned: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    // No NameID format asked for (node-saml would ask for emailAddress): the IdP sends the one
    // its administrator set for this application, and may refuse a request for another.
    identifierFormat: null,
    // No RequestedAuthnContext (node-saml would ask for exactly PasswordProtectedTransport):
    // Entra ID and AD FS refuse it when the person signed in otherwise (Windows, smart card).
    disableRequestedAuthnContext: true,
    ...(options.requestId ? { generateUniqueId: () => options.requestId as string } : {}),
    ...(options.cacheProvider ? { cacheProvider: options.cacheProvider } : {}),
  });
}

/** An AuthnRequest ID: an NCName (starts with a letter or underscore), 160 random bits. */
function newRequestId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** An SP-initiated AuthnRequest by HTTP-Redirect: the URL to send the browser to, and the request's ID (kept by the caller to check InResponseTo). */
export async function authnRequestUrl(
  sp: SamlSp,
  relayState: string,
): Promise<{ readonly url: string; readonly requestId: string }> {
  if (Buffer.byteLength(relayState) > RELAY_STATE_MAX_BYTES) {
    throw new RangeError(`A SAML RelayState is at most ${RELAY_STATE_MAX_BYTES} bytes.`);
  }
  const requestId = newRequestId();
  // The request's cache entry is the caller's (PostgreSQL), so this one is thrown away.
  const url = await samlOf(sp, { requestId, cacheProvider: requestCache(requestId) }).getAuthorizeUrlAsync(
    relayState,
    undefined,
    {},
  );
  return { url, requestId };
}

/** The SP metadata XML the hospital's IdP administrator imports. */
export function spMetadataXml(sp: SamlSp): string {
  return generateServiceProviderMetadata({
    issuer: sp.spEntityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: null,
    wantAssertionsSigned: true,
    // No signing or decryption key: AuthnRequestsSigned="false", and no KeyDescriptor.
  });
}

// ---- Responses --------------------------------------------------------------------------------

/**
 * A cache that knows one request: node-saml's InResponseTo check ('always') asks it whether the
 * response answers a request it holds. The caller has already checked the request's age, so it is
 * given to node-saml as made now (node-saml compares it with its 8-hour default).
 */
function requestCache(requestId: string): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
}

const REFUSAL_TEXT: Readonly<Record<SamlRefusalReason, string>> = {
  signature:
    'The sign-in answer does not carry valid signatures of the identity provider (its response and its assertion must both be signed by a certificate of its metadata): it was changed on the way, or the identity provider signs with another certificate.',
  audience:
    'The sign-in answer is meant for another service: the identity provider has this application registered under another entity ID.',
  recipient: 'The sign-in answer was sent for another address than this application’s sign-in address.',
  expired: `The sign-in answer is outside its validity time: it has expired, or the clocks of the identity provider and Careboard differ by more than ${CLOCK_SKEW_MS / 1000} seconds.`,
  in_response_to: 'The sign-in answer does not answer this sign-in request: start signing in again.',
  issuer: 'The sign-in answer comes from another identity provider than this connection’s.',
  status: 'The identity provider did not sign the person in.',
  malformed: 'The sign-in answer is not a SAML 2.0 response Careboard can read.',
  replayed: 'The sign-in answer was used before: start signing in again.',
};

function refused(reason: SamlRefusalReason, detail?: string, cause?: unknown): SamlRefused {
  const message = detail ? `${REFUSAL_TEXT[reason]} (${detail})` : REFUSAL_TEXT[reason];
  return new SamlRefused(reason, message, cause === undefined ? undefined : { cause });
}

/**
 * node-saml throws plain Errors: their messages, as its 5.1 source words them, give the reason.
 * An error not named here (a TypeError on a response without Conditions, a date it cannot read)
 * is a response we cannot read.
 */
const LIBRARY_REFUSALS: readonly (readonly [RegExp, SamlRefusalReason])[] = [
  [/InResponseTo/i, 'in_response_to'],
  [/signature|Cannot obtain assertion from signed data/i, 'signature'],
  [/expired|not yet valid|No valid subject confirmation/i, 'expired'],
  [/audience/i, 'audience'],
];

function libraryRefusal(error: unknown): SamlRefused {
  if (error instanceof SamlStatusError) return refused('status', error.message, error);
  const message = error instanceof Error ? error.message : String(error);
  const reason = LIBRARY_REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? 'malformed';
  return refused(reason, message, error);
}

function statusOf(response: Element): { readonly code: string | null; readonly detail: string } {
  const code = attribute(firstElement('samlp:Status/samlp:StatusCode', response), 'Value');
  const second = attribute(firstElement('samlp:Status/samlp:StatusCode/samlp:StatusCode', response), 'Value');
  const message = text(firstElement('samlp:Status/samlp:StatusMessage', response));
  const detail = [code, second, message]
    .filter((part) => part !== null)
    .map((part) => part.replace(/^urn:oasis:names:tc:SAML:2\.0:status:/, ''))
    .join(', ');
  return { code, detail };
}

/** Reads the response enough to refuse early what node-saml would report less clearly. */
function readResponse(samlResponse: string): Element {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(samlResponse)) throw refused('malformed', 'not base64');
  const doc = parseXml(Buffer.from(samlResponse, 'base64').toString('utf8'));
  if (typeof doc === 'string') throw refused('malformed', doc);
  const response = doc.documentElement;
  if (response.namespaceURI !== SAML_PROTOCOL || response.localName !== 'Response') {
    throw refused('malformed', `a ${response.localName}, not a Response`);
  }
  if (elements('saml:EncryptedAssertion', response).length > 0) {
    throw refused(
      'malformed',
      'the assertion is encrypted; turn assertion encryption off for this application',
    );
  }
  const assertions = elements('saml:Assertion', response);
  if (assertions.length === 0) {
    // An IdP's refusal often comes unsigned: it is refused either way, and its status says why.
    const status = statusOf(response);
    if (status.code !== SUCCESS) throw refused('status', status.detail || 'no status');
    throw refused('malformed', 'no assertion');
  }
  if (assertions.length > 1) throw refused('malformed', 'more than one assertion');
  return response;
}

/** The bearer subject confirmation for our ACS, as the Web SSO profile requires (4.1.4.2). */
function ourConfirmation(assertion: Element, acsUrl: string): Element {
  const data = elements(
    `saml:Subject/saml:SubjectConfirmation[@Method="${BEARER}"]/saml:SubjectConfirmationData`,
    assertion,
  );
  if (data.length === 0) throw refused('malformed', 'no bearer SubjectConfirmation');
  const ours = data.find((item) => item.getAttribute('Recipient') === acsUrl);
  if (!ours) {
    const recipients = data.map((item) => item.getAttribute('Recipient') || '(none)').join(', ');
    throw refused('recipient', `Recipient ${recipients}, expected ${acsUrl}`);
  }
  return ours;
}

function date(value: string | null, what: string): Date {
  const parsed = value === null ? Number.NaN : Date.parse(value);
  if (Number.isNaN(parsed)) throw refused('malformed', `no readable ${what}`);
  return new Date(parsed);
}

function attributesOf(assertion: Element): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const element of elements('saml:AttributeStatement/saml:Attribute', assertion)) {
    const name = element.getAttribute('Name');
    if (!name) continue;
    const values = elements('saml:AttributeValue', element).map((value) => value.textContent ?? '');
    attributes[name] = [...(attributes[name] ?? []), ...values];
  }
  return attributes;
}

/**
 * The checks node-saml leaves out, on what it verified: the assertion as it returned it (the
 * signed XML, canonical), and the Response's own attributes and children, whose enveloped
 * signature over the document element it required (wantAuthnResponseSigned).
 */
function checkWhatTheLibraryDoesNot(sp: SamlSp, response: Element, assertion: Element): Element {
  const status = statusOf(response);
  if (status.code !== SUCCESS) throw refused('status', status.detail || 'no status');
  const responseIssuer = text(firstElement('saml:Issuer', response));
  const assertionIssuer = text(firstElement('saml:Issuer', assertion));
  for (const issuer of [responseIssuer, assertionIssuer]) {
    if (issuer !== null && issuer !== sp.idp.entityId) {
      throw refused('issuer', `${issuer}, expected ${sp.idp.entityId}`);
    }
  }
  if (assertionIssuer === null) throw refused('malformed', 'the assertion has no Issuer');
  // Required of a signed response by the HTTP-POST binding (3.5.5.2).
  const destination = response.getAttribute('Destination');
  if (destination !== sp.acsUrl) {
    throw refused('recipient', `Destination ${destination || '(none)'}, expected ${sp.acsUrl}`);
  }
  return ourConfirmation(assertion, sp.acsUrl);
}

function verifiedAssertion(profile: Profile | null): Element {
  const xml = profile?.getAssertionXml?.();
  const doc = xml === undefined ? 'no assertion' : parseXml(xml);
  if (typeof doc === 'string') throw refused('malformed', doc);
  return doc.documentElement;
}

/**
 * Validates an HTTP-POST SAMLResponse (base64) against the request it must answer: a signed
 * Response and a signed Assertion (by a certificate of the IdP), its Issuer, Audience,
 * Destination and Recipient, its times with 60 s of clock skew, InResponseTo = requestId, and a
 * Success status. Throws SamlRefused.
 */
export async function validateResponse(
  sp: SamlSp,
  samlResponse: string,
  requestId: string,
): Promise<SamlAnswer> {
  const response = readResponse(samlResponse);
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(sp, { cacheProvider: requestCache(requestId) }).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    throw libraryRefusal(error);
  }
  const assertion = verifiedAssertion(profile);
  const confirmation = checkWhatTheLibraryDoesNot(sp, response, assertion);

  const nameIdElement = firstElement('saml:Subject/saml:NameID', assertion);
  const nameId = text(nameIdElement);
  if (nameId === null) throw refused('malformed', 'no NameID');
  const assertionId = assertion.getAttribute('ID');
  if (!assertionId) throw refused('malformed', 'the assertion has no ID');
  const conditionsEnd = attribute(firstElement('saml:Conditions', assertion), 'NotOnOrAfter');
  const ends = [date(attribute(confirmation, 'NotOnOrAfter'), 'SubjectConfirmationData NotOnOrAfter')];
  if (conditionsEnd !== null) ends.push(date(conditionsEnd, 'Conditions NotOnOrAfter'));
  const notOnOrAfter = new Date(Math.min(...ends.map((end) => end.getTime())));
  return {
    nameId,
    nameIdFormat: attribute(nameIdElement, 'Format'),
    assertionId,
    inResponseTo: response.getAttribute('InResponseTo') ?? '',
    notOnOrAfter,
    attributes: attributesOf(assertion),
  };
}
