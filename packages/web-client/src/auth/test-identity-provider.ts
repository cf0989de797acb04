import type { RuntimeConfig } from '@careboard/contracts';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { vi } from 'vitest';

export const ISSUER = 'https://board.example';
export const CLIENT_ID = 'careboard-board';

/** Test helper: the sign-in part of a runtime config for this provider (PUBLIC_URL=https://board.example). */
export const testAuthConfig = Object.freeze({
  AUTH_DOMAIN: ISSUER,
  AUTH_AUDIENCE: 'https://board.example/api',
  AUTH_CLIENT_ID: CLIENT_ID,
  REFRESH_TOKEN_IN_ADVANCE_SEC: 60,
  LOGOUT_CALLBACK_URL: 'https://board.example/',
}) satisfies Pick<
  RuntimeConfig,
  'AUTH_DOMAIN' | 'AUTH_AUDIENCE' | 'AUTH_CLIENT_ID' | 'REFRESH_TOKEN_IN_ADVANCE_SEC' | 'LOGOUT_CALLBACK_URL'
>;

export interface TestIdentityProvider {
  readonly fetch: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
  /** The form bodies the token endpoint received. */
  readonly tokenRequests: URLSearchParams[];
  idToken(claims: Record<string, unknown>, options?: { alg?: string; foreignKey?: boolean }): Promise<string>;
  /** What the token endpoint answers next. */
  answerToken(body: Record<string, unknown>, status?: number): void;
}

/** A fake OpenID provider at ISSUER: discovery, JWKS, token and revocation endpoints. */
export async function createTestIdentityProvider(): Promise<TestIdentityProvider> {
  const keys = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const tokenRequests: URLSearchParams[] = [];
  let tokenAnswer: { body: Record<string, unknown>; status: number } = { body: {}, status: 200 };

  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `${ISSUER}/.well-known/openid-configuration`) {
      return Response.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/oauth/token`,
        jwks_uri: `${ISSUER}/.well-known/jwks.json`,
        revocation_endpoint: `${ISSUER}/oauth/revoke`,
        end_session_endpoint: `${ISSUER}/oidc/logout`,
      });
    }
    if (url === `${ISSUER}/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
    if (url === `${ISSUER}/oauth/token`) {
      tokenRequests.push(new URLSearchParams(String(init?.body)));
      return Response.json(tokenAnswer.body, { status: tokenAnswer.status });
    }
    if (url === `${ISSUER}/oauth/revoke`) return new Response(null, { status: 200 });
    throw new Error(`unexpected request to ${url}`);
  });

  return {
    fetch,
    tokenRequests,
    async idToken(claims, options = {}) {
      const alg = options.alg ?? 'RS256';
      const key =
        alg !== 'RS256'
          ? (await generateKeyPair(alg)).privateKey
          : options.foreignKey
            ? foreign.privateKey
            : keys.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(CLIENT_ID)
        .setSubject('user-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    },
    answerToken(body, status = 200) {
      tokenAnswer = { body, status };
    },
  };
}
