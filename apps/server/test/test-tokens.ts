import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';
import type { TestServer } from './test-server.ts';

/** Whatever jose signs with (a CryptoKey here). */
export type SigningKey = Parameters<SignJWT['sign']>[0];

/** The embedded provider's active signing key, read from the server's store. */
export async function serverSigningKey(
  databaseUrl: string,
): Promise<{ key: SigningKey; kid: string; jwk: JWK }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT material FROM identity_keys WHERE use = 'sig' AND retired_at IS NULL ORDER BY created_at DESC LIMIT 1",
    );
    const jwk = rows[0].material as JWK;
    return { key: (await importJWK(jwk, 'RS256')) as SigningKey, kid: String(jwk.kid), jwk };
  } finally {
    await client.end();
  }
}

export const nowSec = () => Math.floor(Date.now() / 1000);

/** An access token as the embedded provider would issue it, with claims overridden. */
export async function accessToken(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const { key, kid } = await serverSigningKey(server.databaseUrl);
  return new SignJWT({
    iss: server.baseUrl,
    aud: server.config.identity.audience,
    sub: 'test-device',
    org_id: 'org_demo',
    scope: 'access:display-board read:patients',
    iat: nowSec(),
    exp: nowSec() + 300,
    ...overrides,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .sign(key);
}
