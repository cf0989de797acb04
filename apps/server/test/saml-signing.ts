import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * Signs a SAML Response as an IdP does, for tests that change one thing in a real one and must
 * have every signature valid again, so that only the change is wrong: the Assertion first (its
 * signature after its Issuer), then the whole Response (which then covers the signed assertion).
 * With xml-crypto, the library node-saml verifies with.
 */

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

/** Debian's openssl: node:crypto makes no certificates. */
const OPENSSL = '/usr/bin/openssl';

export interface SigningKey {
  readonly keyPem: string;
  readonly certPem: string;
  /** The certificate as metadata carries it: base64 DER without PEM armour. */
  readonly certificate: string;
}

/** A 2048-bit RSA key and its self-signed certificate, in a folder removed at once. */
export function makeSigningKey(): SigningKey {
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-saml-key-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        '/CN=careboard-test-saml',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
    const certPem = readFileSync(certFile, 'utf8');
    return { keyPem: readFileSync(keyFile, 'utf8'), certPem, certificate: pemBody(certPem) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pemBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
}

/** The XML without the signatures of the Response and of its Assertion. */
function withoutSignatures(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const response = doc.documentElement;
  const holders = [response, ...Array.from(response.childNodes).filter((node) => node.nodeType === 1)];
  for (const holder of holders) {
    for (const child of Array.from(holder.childNodes)) {
      const element = child as Element;
      if (child.nodeType === 1 && element.localName === 'Signature' && element.namespaceURI === DS) {
        holder.removeChild(child);
      }
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

/** A key and its certificate, PEM: one of makeSigningKey's, or the IdP's of the harness. */
type Signer = Pick<SigningKey, 'keyPem' | 'certPem'>;

function signElement(xml: string, localName: 'Assertion' | 'Response', key: Signer): string {
  const id = new DOMParser()
    .parseFromString(xml, 'text/xml')
    .getElementsByTagNameNS('*', localName)[0]
    ?.getAttribute('ID');
  if (!id) throw new Error(`No ${localName} with an ID to sign`);
  const signer = new SignedXml({
    privateKey: key.keyPem,
    publicCert: key.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signer.addReference({
    xpath: `//*[local-name(.)='${localName}' and @ID='${id}']`,
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: SHA256,
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** Strips the Response's and the Assertion's signatures and signs both again with `key`. */
export function resignResponse(
  xml: string,
  key: Signer,
  parts: 'both' | 'assertion' | 'response' = 'both',
): string {
  let signed = withoutSignatures(xml);
  if (parts !== 'response') signed = signElement(signed, 'Assertion', key);
  if (parts !== 'assertion') signed = signElement(signed, 'Response', key);
  return signed;
}
