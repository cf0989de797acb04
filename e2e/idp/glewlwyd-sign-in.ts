import type { Page } from 'playwright-core';

/** Each screen of the login app has this long to show (it is a 400 kB script on a busy machine). */
const SCREEN_WITHIN_MS = 15_000;

/**
 * On glewlwyd's login app (login.html, where its /auth endpoint sends the browser): signs in with
 * the password form, grants the client its scopes if the app asks, and presses Continue, which
 * sends the browser back through /auth to the redirect URI; resolves once that navigation is
 * committed. A session of the same user (the form is not shown then) goes straight to Continue.
 * The buttons are found by their English names: the app speaks the browser's language.
 */
export async function signInOnLoginApp(page: Page, baseUrl: string, username: string, password: string) {
  const form = page.locator('#passwordForm');
  // Not exact: the name starts with the icon font's glyph.
  const proceed = page.getByRole('button', { name: 'Continue' });
  await form.or(proceed).first().waitFor({ timeout: SCREEN_WITHIN_MS });
  if (await form.isVisible()) await submitPassword(page, baseUrl, username, password);
  else await expectSessionOf(page, baseUrl, username);
  await grantIfAsked(page);
  const origin = new URL(baseUrl).origin;
  await Promise.all([
    page.waitForURL((url) => url.origin !== origin, { waitUntil: 'commit', timeout: SCREEN_WITHIN_MS }),
    proceed.click({ timeout: SCREEN_WITHIN_MS }),
  ]);
}

/** Fills the form and submits it; glewlwyd's answer to `POST /api/auth/` says whether it took. */
async function submitPassword(page: Page, baseUrl: string, username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url() === `${baseUrl}/api/auth/` && response.request().method() === 'POST',
      { timeout: SCREEN_WITHIN_MS },
    ),
    page.locator('#loginbut').click(),
  ]);
  const status = answer.status();
  if (status !== 200) throw new Error(`glewlwyd refused the sign-in of ${username} (${status})`);
}

/** The session the browser already has must be the user's (the first profile is the current one). */
async function expectSessionOf(page: Page, baseUrl: string, username: string) {
  const profiles = (await (await page.request.get(`${baseUrl}/api/profile_list`)).json()) as {
    username?: string;
  }[];
  const current = profiles[0]?.username;
  if (current !== username) {
    throw new Error(`the browser is signed in to glewlwyd as ${current}, not ${username}: use a new context`);
  }
}

/**
 * Once signed in the app shows either the client's connection or, for scopes not granted yet, a
 * grant form (a checkbox per scope, openid's fixed): ticks them all and grants.
 */
async function grantIfAsked(page: Page) {
  const connected = page.getByRole('heading', { name: /^Connection to / });
  const grant = page.getByRole('button', { name: 'Grant access' });
  await connected.or(grant).first().waitFor({ timeout: SCREEN_WITHIN_MS });
  if (!(await grant.isVisible())) return;
  for (const scope of await page.locator('input[type="checkbox"][id^="grant-"]').all()) await scope.check();
  await grant.click();
  await connected.waitFor({ timeout: SCREEN_WITHIN_MS });
}
