import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';

const TOKEN_LIFETIME_SEC = 2 * 60 * 60;

/**
 * An access token for the demo customer's boards, as the embedded provider would issue
 * it, signed with the server's active key from its store. One token serves every board:
 * the server verifies each connection's token on its own.
 */
export async function boardToken(
  databaseUrl: string,
  publicUrl: string,
  scope = 'access:display-board',
): Promise<string> {
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
  const key = await importJWK(jwk, 'RS256');
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: 'bench-board',
    org_id: 'org_demo',
    scope,
  })
    .setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid) })
    .setIssuer(publicUrl)
    .setAudience(`${publicUrl}/api`)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SEC)
    .sign(key);
}
