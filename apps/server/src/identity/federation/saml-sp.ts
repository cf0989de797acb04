// PLACEHOLDER until the SAML module lands from wt-saml (same exports).
export interface SamlIdp {
  readonly entityId: string;
  readonly ssoUrl: string;
  readonly certificates: readonly string[];
}
export class SamlMetadataError extends Error {}
export function parseIdpMetadata(_xml: string): SamlIdp {
  throw new SamlMetadataError('not yet');
}
export interface SamlSp {
  readonly spEntityId: string;
  readonly acsUrl: string;
  readonly idp: SamlIdp;
}
export async function authnRequestUrl(
  _sp: SamlSp,
  _relayState: string,
): Promise<{ readonly url: string; readonly requestId: string }> {
  throw new Error('not yet');
}
export interface SamlAnswer {
  readonly nameId: string;
  readonly nameIdFormat: string | null;
  readonly assertionId: string;
  readonly inResponseTo: string;
  readonly notOnOrAfter: Date;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
}
export async function validateResponse(_sp: SamlSp, _r: string, _id: string): Promise<SamlAnswer> {
  throw new Error('not yet');
}
export class SamlRefused extends Error {
  readonly reason: string = '';
}
export function spMetadataXml(_sp: SamlSp): string {
  return '';
}
