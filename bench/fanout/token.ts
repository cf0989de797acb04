import { importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import pg from 'pg';

const TOKEN_LIFETIME_SEC = 2 * 60 * 60;

/** The server's active signing key, from its store, as the embedded provider signs with it. */
export interface SigningKey {
  readonly kid: string;
  readonly key: CryptoKey | Uint8Array;
}

export async function signingKey(databaseUrl: string): Promise<SigningKey> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let jwk: JWK;
  try {
    const { rows } = await client.query<{ material: JWK }>(
      "SELECT material FROM identity_keys WHERE use = 'sig' AND retired_at IS NULL ORDER BY created_at DESC LIMIT 1",
    );
    if (!rows[0]) throw new Error('The server has no signing key yet.');
    jwk = rows[0].material;
  } finally {
    await client.end();
  }
  return { kid: String(jwk.kid), key: await importJWK(jwk, 'RS256') };
}

/** An access token with these claims, as the embedded provider would issue it. */
export function signAccessToken(key: SigningKey, publicUrl: string, claims: JWTPayload): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(publicUrl)
    .setAudience(`${publicUrl}/api`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SEC)
    .sign(key.key);
}

/**
 * An access token for the demo customer's boards. One token serves every board:
 * the server verifies each connection's token on its own.
 */
export async function boardToken(
  databaseUrl: string,
  publicUrl: string,
  scope = 'access:display-board',
): Promise<string> {
  return signAccessToken(await signingKey(databaseUrl), publicUrl, {
    sub: 'bench-board',
    org_id: 'org_demo',
    scope,
  });
}
