import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../browser.ts';
import { type Glewlwyd, type IdpUser, startGlewlwyd } from './glewlwyd.ts';

const NURSE: IdpUser = {
  username: 'nora.quist',
  password: 'nora-quist-password',
  email: 'nora.quist@st-elsewhere.test',
  name: 'Nora Quist',
  groups: ['ward-7-nurses', 'charge-nurses', 'careboard-admins'],
};

/** The relying party's redirect URI: a tiny server that keeps every callback it is sent (not the favicon). */
interface Callback {
  readonly url: string;
  readonly received: URL[];
  close(): Promise<void>;
}

const CALLBACK_PATH = '/auth/hospital/callback';
let idp: Glewlwyd;
let browser: Browser;
let callback: Callback;
let config: oidc.Configuration;

beforeAll(async () => {
  callback = await startCallback();
  [idp, browser] = await Promise.all([
    startGlewlwyd({ redirectUris: [callback.url], users: [NURSE] }),
    launchBrowser(),
  ]);
  config = await oidc.discovery(
    new URL(idp.issuer),
    idp.clientId,
    undefined,
    oidc.ClientSecretBasic(idp.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
});
afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await callback?.close();
});

async function startCallback(): Promise<Callback> {
  const received: URL[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === CALLBACK_PATH) received.push(url);
    response.end('signed in');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What Careboard's server will do, in a new browser context: the authorization URL with PKCE,
 * state and nonce; the person signs in at glewlwyd; the code from the callback is exchanged
 * (client_secret_basic) with every check. Answers the tokens and where the browser landed.
 */
async function signInAtIdp(loginScreenshot?: string) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callback.url,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url.href);
    if (loginScreenshot) {
      await page.getByLabel('Password').waitFor();
      await screenshot(page, loginScreenshot);
    }
    await idp.signIn(page, NURSE.username, NURSE.password);
    const received = callback.received.at(-1);
    expect(received?.searchParams.get('state')).toBe(state);
    expect(received?.searchParams.get('code')).toMatch(/.{16,}/);
    const callbackUrl = new URL(`${callback.url}${received?.search}`);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    return { tokens, landed: new URL(page.url()) };
  } finally {
    await context.close();
  }
}

describe('glewlwyd, the outside OpenID provider of the sign-in tests', () => {
  it('signs a person in through its login page and issues an RS256 ID token with their email, name and groups', async () => {
    const { tokens, landed } = await signInAtIdp('glewlwyd-login');
    expect(landed.origin + landed.pathname).toBe(callback.url);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: idp.clientId,
      email: NURSE.email,
      name: NURSE.name,
      groups: NURSE.groups,
      preferred_username: NURSE.username,
    });
    expect(claims?.sub).toMatch(/.{8,}/);
    expect(
      JSON.parse(Buffer.from(tokens.id_token?.split('.')[0] ?? '', 'base64url').toString()),
    ).toMatchObject({ alg: 'RS256' });
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '');
    expect(userinfo).toMatchObject({ email: NURSE.email, name: NURSE.name, groups: NURSE.groups });
  });

  it("carries the groups the provider holds at the next sign-in after they're changed", async () => {
    await idp.setGroups(NURSE.username, ['ward-7-nurses']);
    const { tokens } = await signInAtIdp();
    expect(tokens.claims()?.groups).toEqual(['ward-7-nurses']);
  });
});
