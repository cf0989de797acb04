import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from '../../apps/server/src/store/free-port.ts';
import {
  type AdminApi,
  addClient,
  addUser,
  adminApi,
  type IdpUser,
  OIDC_PLUGIN,
  setGroups,
} from './glewlwyd-admin.ts';
import { freshDatabase } from './glewlwyd-fixture.ts';
import { type GlewlwydProcess, runGlewlwyd } from './glewlwyd-process.ts';
import { signInOnLoginApp } from './glewlwyd-sign-in.ts';

export type { IdpUser } from './glewlwyd-admin.ts';

/**
 * A real outside OpenID provider for the sign-in tests, standing in for a hospital's (decision
 * IDN-23): Debian's glewlwyd on a free loopback port, RS256 ID tokens, the authorization code flow
 * with PKCE required, one confidential client, and users whose tokens carry `email`, `name`,
 * `groups` (an array) and `preferred_username`; `sub` is glewlwyd's opaque id.
 */
export interface Glewlwyd {
  /** The issuer to put in a connection: discovery at `${issuer}/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Replaces a user's groups at the IdP (the next sign-in's ID token carries the new ones). */
  setGroups(username: string, groups: readonly string[]): Promise<void>;
  addUser(user: IdpUser): Promise<void>;
  /** On glewlwyd's login page (where the relying party redirected `page`): signs in as the user and lets the browser go on (through consent if any) back to the redirect URI. */
  signIn(page: Page, username: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

const CLIENT_ID = 'careboard';

/**
 * Starts glewlwyd in a temp folder of its own, on a copy of a configured database (made once per
 * machine), with the client (client_secret_basic or _post, a new secret each start) and the users,
 * their consent given. `stop` kills it by its pid and removes the folder; a failed start does both.
 */
export async function startGlewlwyd(options: {
  readonly redirectUris: readonly string[];
  readonly users: readonly IdpUser[];
}): Promise<Glewlwyd> {
  const dir = mkdtempSync(path.join(tmpdir(), 'careboard-test-glewlwyd-'));
  let glewlwyd: GlewlwydProcess | undefined;
  const stop = async () => {
    await glewlwyd?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}/api/${OIDC_PLUGIN}`;
    const database = path.join(dir, 'glewlwyd.db');
    await freshDatabase(database, issuer);
    glewlwyd = await runGlewlwyd(dir, database, port);
    const admin = await adminApi(glewlwyd.baseUrl);
    // Letters and digits only: RFC 6749 has client_secret_basic form-encode the secret (openid-client
    // escapes even - and _), and glewlwyd compares the Basic credentials without decoding them.
    const clientSecret = randomBytes(24).toString('hex');
    await addClient(admin, { clientId: CLIENT_ID, clientSecret, redirectUris: options.redirectUris });
    for (const user of options.users) await addUser(admin, CLIENT_ID, user);
    return provider(glewlwyd.baseUrl, issuer, clientSecret, admin, stop);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The handle a test holds: the client's credentials and the admin API behind the helpers. */
function provider(
  baseUrl: string,
  issuer: string,
  clientSecret: string,
  admin: AdminApi,
  stop: () => Promise<void>,
): Glewlwyd {
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    setGroups: (username, groups) => setGroups(admin, username, groups),
    addUser: (user) => addUser(admin, CLIENT_ID, user),
    signIn: (page, username, password) => signInOnLoginApp(page, baseUrl, username, password),
    stop,
  };
}
