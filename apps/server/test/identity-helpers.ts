import { deviceFlowScopes, standardFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { BrowserSession, formIn } from './browser-session.ts';
import type { TestServer } from './test-server.ts';

export const DEMO_PASSWORD = 'careboard-demo';

/** openid-client configured against the test server's embedded provider. */
export async function discover(server: TestServer, clientId: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(server.baseUrl), clientId, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

/** A screen asking for a code; with `displayBoardId`, as the board app opened for that board does. */
export function deviceAuthorization(config: oidc.Configuration, server: TestServer, displayBoardId?: number) {
  return oidc.initiateDeviceAuthorization(config, {
    scope: deviceFlowScopes.join(' '),
    audience: server.config.identity.audience,
    ...(displayBoardId ? { display_board_id: String(displayBoardId) } : {}),
  });
}

/**
 * A person on a phone: opens verification_uri_complete, sees the confirm page,
 * confirms (or denies), signs in, and lands on the success page.
 */
export async function confirmOnPhone(
  verificationUriComplete: string,
  options: { email?: string; password?: string; deny?: boolean; browser?: BrowserSession } = {},
): Promise<{ html: string; confirmPage: string; status: number }> {
  const browser = options.browser ?? new BrowserSession();
  const opened = await browser.follow(verificationUriComplete);
  // The provider answers the code in the link with a self-submitting form (its script is allowed by a CSP hash).
  const confirm = await browser.submit(opened.url, formIn(opened.html));
  const confirmForm = formIn(confirm.html, 'op.deviceConfirmForm');
  if (options.deny) {
    const denied = await browser.submit(confirm.url, confirmForm, {}, undefined, ['abort', 'yes']);
    return { html: denied.html, confirmPage: confirm.html, status: denied.response.status };
  }
  // The Confirm button has no name: the form's own confirm=yes is the answer.
  let page = await browser.submit(confirm.url, confirmForm);
  if (page.html.includes('name="password"')) {
    page = await browser.submit(page.url, formIn(page.html), {
      email: options.email ?? 'admin@demo.test',
      password: options.password ?? DEMO_PASSWORD,
    });
  }
  return { html: page.html, confirmPage: confirm.html, status: page.response.status };
}

/** A raw token-endpoint poll, to see each answer the device sees. */
export async function pollOnce(server: TestServer, clientId: string, deviceCode: string) {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      device_code: deviceCode,
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/**
 * The board's authorization request (PKCE, state, nonce, organization, consent asked so that
 * offline_access gives a refresh token), and what its code exchange checks.
 */
export async function boardAuthorization(
  server: TestServer,
  config: oidc.Configuration,
  organization: string,
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = `${server.baseUrl}/auth/callback`;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: standardFlowScopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    organization,
    audience: server.config.identity.audience,
    prompt: 'consent',
  });
  return { url, verifier, state, nonce, redirectUri };
}

/**
 * Sign-in with redirect, as the board does it (PKCE, state, nonce, organization), through the
 * real sign-in page; returns the callback address and what the code exchange checks.
 */
export async function signInWithRedirect(
  server: TestServer,
  config: oidc.Configuration,
  email: string,
  organization = 'org_demo',
) {
  const { url, verifier, state, nonce, redirectUri } = await boardAuthorization(server, config, organization);
  const browser = new BrowserSession();
  const login = await browser.follow(url.toString(), {}, redirectUri);
  const back = await browser.submit(
    login.url,
    formIn(login.html),
    { email, password: DEMO_PASSWORD },
    redirectUri,
  );
  return { callback: new URL(back.url), verifier, state, nonce };
}
