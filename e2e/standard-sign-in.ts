import { standardFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import type { Browser } from 'playwright-core';
import { discover } from '../apps/server/test/identity-helpers.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { screenshot } from './browser.ts';

export interface Person {
  readonly email: string;
  readonly password: string;
  /** The customer's organization id (`org_<customer>`). */
  readonly organization: string;
}

/**
 * A person signs in with the standard flow (authorization code + PKCE) in Chromium, on the
 * embedded provider's own sign-in page; the test takes the code from the redirect and
 * exchanges it, as the console does, for the access token its REST calls carry.
 */
export async function signInInChromium(
  browser: Browser,
  server: TestServer,
  person: Person,
): Promise<string> {
  const config = await discover(server, server.config.identity.webClientId);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const redirectUri = `${server.baseUrl}/auth/callback`;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: standardFlowScopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    organization: person.organization,
    audience: server.config.identity.audience,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    let callback: string | undefined;
    // The redirect to the callback address is read from the request (a route never sees a
    // redirected request), and the board app's scripts are held back so it cannot use the code.
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/callback') callback = request.url();
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(url.toString());
    await page.getByLabel('Email').fill(person.email, { timeout: 30_000 });
    await page.getByLabel('Password').fill(person.password);
    await screenshot(page, 'from-zero-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const consent = page.getByRole('button', { name: /allow|continue|confirm/i });
    await Promise.race([
      page.waitForURL(`${redirectUri}**`, { timeout: 30_000 }),
      consent
        .first()
        .waitFor({ timeout: 30_000 })
        .then(() => consent.first().click()),
    ]).catch(() => undefined);
    await page.waitForURL(`${redirectUri}**`, { timeout: 30_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'from-zero-sign-in-stuck');
      throw error;
    });
    if (!callback) throw new Error('The sign-in did not come back to the redirect address.');
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return tokens.access_token;
  } finally {
    await context.close();
  }
}
