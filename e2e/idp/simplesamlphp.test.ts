import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authnRequestUrl,
  parseIdpMetadata,
  type SamlRefusalReason,
  SamlRefused,
  type SamlSp,
  validateResponse,
} from '../../apps/server/src/identity/federation/saml-sp.ts';
import { pemBody, resignResponse } from '../../apps/server/test/saml-signing.ts';
import { launchBrowser, screenshot } from '../browser.ts';
import { type IdpUser, type SimpleSaml, startSimpleSaml } from './simplesamlphp.ts';

/**
 * The SAML service provider against a real IdP (decision IDN-23): Debian's SimpleSAMLphp signs a
 * person in in Chromium and the browser POSTs its response to an ACS played by a small HTTP server
 * here; saml-sp.ts validates what arrived, and refuses it changed, for another SP, expired, or
 * for another request.
 */

const ALICE: IdpUser = {
  username: 'alice',
  password: 'alice-password',
  email: 'alice@hospital.example',
  name: 'Alice Example',
  groups: ['nurses', 'ward-3'],
};
const SP_ENTITY_ID = 'https://careboard.example/saml/sp';
const SECOND_SP_ENTITY_ID = 'https://careboard.example/saml/second-sp';

/** What the browser POSTed to the ACS. */
interface Posted {
  readonly samlResponse: string;
  readonly relayState: string;
}

let acs: Server;
let acsUrl: string;
/** Each awaited POST by its RelayState. */
const waiting = new Map<string, (posted: Posted) => void>();
let idp: SimpleSaml;
let browser: Browser;
let sp: SamlSp;
/** Alice's first sign-in, which the refusal tests change. */
let first: Posted & { readonly requestId: string };

function startAcs(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const relayState = form.get('RelayState') ?? '';
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in.');
      waiting.get(relayState)?.({ samlResponse: form.get('SAMLResponse') ?? '', relayState });
      waiting.delete(relayState);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** An SP-initiated sign-in in a new browser context: what the IdP POSTed back, and the request's ID. */
async function signInThrough(
  serviceProvider: SamlSp,
  user: IdpUser,
  loginScreenshot?: string,
): Promise<Posted & { readonly requestId: string }> {
  const relayState = `relay-${Math.random().toString(36).slice(2)}`;
  const { url, requestId } = await authnRequestUrl(serviceProvider, relayState);
  const posted = new Promise<Posted>((resolve) => waiting.set(relayState, resolve));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    if (loginScreenshot) await screenshot(page, loginScreenshot);
    await idp.signIn(page, user.username, user.password);
    return { ...(await posted), requestId };
  } finally {
    await context.close();
  }
}

async function refusal(
  serviceProvider: SamlSp,
  samlResponse: string,
  requestId: string,
): Promise<SamlRefusalReason | 'accepted'> {
  try {
    await validateResponse(serviceProvider, samlResponse, requestId);
    return 'accepted';
  } catch (error) {
    if (error instanceof SamlRefused) return error.reason;
    throw error;
  }
}

const decoded = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');
const encoded = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

beforeAll(async () => {
  acs = await startAcs();
  acsUrl = `http://127.0.0.1:${(acs.address() as AddressInfo).port}/saml/acs`;
  [idp, browser] = await Promise.all([
    startSimpleSaml({ serviceProviders: [{ entityId: SP_ENTITY_ID, acsUrl }], users: [ALICE] }),
    launchBrowser(),
  ]);
  sp = { spEntityId: SP_ENTITY_ID, acsUrl, idp: parseIdpMetadata(await idp.metadataXml()) };
});
afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  acs?.close();
});

describe('signing in at SimpleSAMLphp', () => {
  it('reads the IdP from its metadata: its entity id and the certificate it signs with', () => {
    expect(sp.idp.entityId).toBe(idp.entityId);
    expect(sp.idp.ssoUrl).toBe(`${idp.baseUrl}saml2/idp/SSOService.php`);
    expect(sp.idp.certificates).toEqual([pemBody(idp.certPem)]);
  });

  it('brings the person back to the ACS with a response that gives their NameID, email, name and groups', async () => {
    first = await signInThrough(sp, ALICE, 'simplesamlphp-login');
    const answer = await validateResponse(sp, first.samlResponse, first.requestId);
    expect(answer.nameId).toBe('alice');
    expect(answer.nameIdFormat).toBe('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
    expect(answer.inResponseTo).toBe(first.requestId);
    expect(answer.attributes).toMatchObject({
      email: ['alice@hospital.example'],
      name: ['Alice Example'],
      groups: ['nurses', 'ward-3'],
    });
    // SimpleSAMLphp holds an assertion for 5 minutes.
    expect(answer.notOnOrAfter.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(answer.notOnOrAfter.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  it('says so when the IdP refuses the password', async () => {
    const { url } = await authnRequestUrl(sp, 'wrong-password');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      await expect(idp.signIn(page, 'alice', 'not-her-password')).rejects.toThrow(
        /refused the sign-in[\s\S]*Incorrect username or password/,
      );
    } finally {
      await context.close();
    }
  });

  it('carries the groups the directory gives at the next sign-in', async () => {
    await idp.setGroups('alice', ['doctors']);
    const next = await signInThrough(sp, ALICE);
    const answer = await validateResponse(sp, next.samlResponse, next.requestId);
    expect(answer.attributes.groups).toEqual(['doctors']);
    expect(answer.nameId).toBe('alice');
  });
});

describe('refusing what SimpleSAMLphp did not send for this request', () => {
  it('refuses an assertion changed after the IdP signed it: signature', async () => {
    const xml = decoded(first.samlResponse);
    const changed = xml.replace('>Alice Example<', '>Mallory Example<');
    expect(changed).not.toBe(xml);
    expect(await refusal(sp, encoded(changed), first.requestId)).toBe('signature');
  });

  it('refuses a response the IdP made for another SP, even at the same ACS: audience', async () => {
    const second: SamlSp = { ...sp, spEntityId: SECOND_SP_ENTITY_ID };
    await idp.addServiceProvider({ entityId: SECOND_SP_ENTITY_ID, acsUrl });
    const theirs = await signInThrough(second, ALICE);
    expect(await refusal(second, theirs.samlResponse, theirs.requestId)).toBe('accepted');
    expect(await refusal(sp, theirs.samlResponse, theirs.requestId)).toBe('audience');
  });

  it('refuses a response re-signed by the IdP’s key whose times are past: expired', async () => {
    const xml = decoded(first.samlResponse);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const past = xml
      .replace(/ NotBefore="[^"]*"/g, ` NotBefore="${iso(Date.now() - 20 * 60_000)}"`)
      .replace(/ NotOnOrAfter="[^"]*"/g, ` NotOnOrAfter="${iso(Date.now() - 10 * 60_000)}"`);
    expect(past).not.toBe(xml);
    // Re-signed unchanged it is accepted: only the times are wrong in the other.
    expect(await refusal(sp, encoded(resignResponse(xml, idp)), first.requestId)).toBe('accepted');
    expect(await refusal(sp, encoded(resignResponse(past, idp)), first.requestId)).toBe('expired');
  });

  it('refuses the right response for another request: in_response_to', async () => {
    const { requestId: another } = await authnRequestUrl(sp, 'another');
    expect(await refusal(sp, first.samlResponse, another)).toBe('in_response_to');
  });
});
