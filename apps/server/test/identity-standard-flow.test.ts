import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, formIn } from './browser-session.ts';
import { decodePayload, discover, signInWithRedirect } from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let config: oidc.Configuration;
const WEB_CLIENT = 'careboard-board';

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  config = await discover(server, WEB_CLIENT);
});
afterAll(() => server?.close());

const signIn = (email: string, organization?: string) =>
  signInWithRedirect(server, config, email, organization);

describe('sign-in with redirect (authorization code + PKCE)', () => {
  it('issues RS256 tokens with org_id after state, nonce and PKCE checks', async () => {
    const { callback, verifier, state, nonce } = await signIn('admin@demo.test');
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.id_token ?? '';
    // openid-client checks claims; the signature is checked here against the JWKS.
    const jwks = createRemoteJWKSet(new URL(`${server.baseUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
      issuer: server.baseUrl,
      audience: WEB_CLIENT,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.nonce).toBe(nonce);
    expect(payload.org_id).toBe('org_demo');
    const access = decodePayload(tokens.access_token);
    expect(access.aud).toBe(server.config.identity.audience);
    expect(access.org_id).toBe('org_demo');
    expect(String(access.scope).split(' ')).toContain('access:display-board');
    const board = await fetch(`${server.baseUrl}/api/display-boards/1`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(board.status).toBe(200);
  });

  it("gives the visitor a token that reaches the API but not the board's routes", async () => {
    const { callback, verifier, state, nonce } = await signIn('visitor@demo.test');
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(String(decodePayload(tokens.access_token).scope).split(' ')).not.toContain('access:display-board');
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await fetch(`${server.baseUrl}/api/me`, { headers })).status).toBe(200);
    const board = await fetch(`${server.baseUrl}/api/display-boards/1`, { headers });
    expect(board.status).toBe(403);
    expect(await board.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permissions to access this section.',
    });
  });

  it('refuses an organization the account does not belong to', async () => {
    const { callback } = await signIn('admin@demo.test', 'org_someone_else');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('answers a wrong password with the same text as an unknown account', async () => {
    const browser = new BrowserSession();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `${server.baseUrl}/auth/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const login = await browser.follow(url.toString());
    const wrong = await browser.submit(login.url, formIn(login.html), {
      email: 'admin@demo.test',
      password: 'nope',
    });
    const unknown = await browser.submit(login.url, formIn(login.html), {
      email: 'nobody@demo.test',
      password: 'nope',
    });
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.html).toContain('The email or password is not right.');
    expect(unknown.html).toContain('The email or password is not right.');
  });
});
