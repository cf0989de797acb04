import type * as oidc from 'openid-client';
import { BrowserSession, formIn } from './browser-session.ts';
import { boardAuthorization } from './identity-helpers.ts';
import type { TestServer } from './test-server.ts';

/**
 * A board's sign-in (code with PKCE, naming the organization) through a SAML connection, as a
 * browser without scripts makes it: the email first, the provider's own page (SimpleSAMLphp's login
 * form), its self-posting answer sent to the ACS, and back to the board's callback (IDN-24, IDN-28).
 */
export async function signInThroughSaml(
  server: TestServer,
  config: oidc.Configuration,
  person: { readonly email: string; readonly username: string; readonly password: string },
  organization = 'org_demo',
) {
  const { url, verifier, state, nonce, redirectUri } = await boardAuthorization(server, config, organization);
  const browser = new BrowserSession();
  const emailPage = await browser.follow(url.toString());
  const onward = await browser.submit(emailPage.url, formIn(emailPage.html), { email: person.email });
  const start = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(onward.html)?.[1];
  if (!start) throw new Error(`No connection took ${person.email}: ${onward.html.slice(0, 300)}`);
  const login = await browser.follow(new URL(start.replaceAll('&amp;', '&'), server.baseUrl).toString());
  const answer = await browser.submit(login.url, formIn(login.html), {
    username: person.username,
    password: person.password,
  });
  if (!answer.html.includes('SAMLResponse'))
    throw new Error(`The IdP did not answer: ${answer.html.slice(0, 300)}`);
  const back = await browser.submit(answer.url, formIn(answer.html), {}, redirectUri);
  return { callback: new URL(back.url), verifier, state, nonce };
}
