import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';
import { nowSec, type SigningKey, serverSigningKey } from './test-tokens.ts';

let server: TestServer;
let signingKey: SigningKey;
let kid: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ key: signingKey, kid } = await serverSigningKey(server.databaseUrl));
});
afterAll(() => server?.close());

const now = nowSec;

function claims(overrides: Record<string, unknown> = {}) {
  return {
    iss: server.baseUrl,
    aud: server.config.identity.audience,
    sub: 'device-1',
    org_id: 'org_demo',
    scope: 'access:display-board read:patients',
    iat: now(),
    exp: now() + 300,
    ...overrides,
  };
}

function sign(payload: Record<string, unknown>, key: SigningKey = signingKey, keyId = kid) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: keyId }).sign(key);
}

async function me(token: string) {
  const response = await fetch(`${server.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access token verification', () => {
  it('accepts a token signed with our key and maps org_id to the customer', async () => {
    expect(await me(await sign(claims()))).toMatchObject({ status: 200, body: { customer_id: 'demo' } });
  });

  it('accepts a token expired less than 60 s ago (leeway)', async () => {
    expect((await me(await sign(claims({ exp: now() - 30 })))).status).toBe(200);
  });

  it.each([
    ['no token', async () => ''],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    [
      'HS256 signed with the public key',
      async () => {
        const { jwk } = await serverSigningKey(server.databaseUrl);
        const secret = new TextEncoder().encode(JSON.stringify({ kty: jwk.kty, n: jwk.n, e: jwk.e }));
        return new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
      },
    ],
    ['a wrong issuer', async () => sign(claims({ iss: 'https://evil.example' }))],
    ['a wrong audience', async () => sign(claims({ aud: 'https://other-api.example' }))],
    ['expiry beyond the 60 s leeway', async () => sign(claims({ exp: now() - 120 }))],
    ['no subject', async () => sign(claims({ sub: undefined }))],
    ['text that is no token', async () => 'garbage token'],
    ['a token not valid for another 2 minutes (nbf)', async () => sign(claims({ nbf: now() + 120 }))],
    ['an org_id of no customer of ours', async () => sign(claims({ org_id: 'org_other_tenant' }))],
    [
      'a tampered signature',
      async () => {
        const token = await sign(claims());
        const [h, p, s = ''] = token.split('.');
        return `${h}.${p}.${s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`}`;
      },
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await sign(claims())).split('.');
        return `${h}.${b64(claims({ org_id: 'org_demo', scope: 'write:*' }))}.${s}`;
      },
    ],
    [
      'another key with our kid',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return sign(claims(), privateKey);
      },
    ],
  ])('rejects %s with 401 UNAUTHORIZED', async (_name, make) => {
    const token = await make();
    const response = await fetch(
      `${server.baseUrl}/api/me`,
      token ? { headers: { authorization: `Bearer ${token}` } } : {},
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED',
      params: {},
      message: 'Authentication is required.',
    });
  });

  it('takes the customer from the token, never from the request', async () => {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query(
      "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
    );
    await client.end();
    const token = await sign(claims({ org_id: 'org_bravo' }));
    const response = await fetch(`${server.baseUrl}/api/me?customer_id=demo`, {
      headers: { authorization: `Bearer ${token}`, 'x-customer-id': 'demo' },
    });
    expect(await response.json()).toMatchObject({ customer_id: 'bravo' });
  });
});

describe('an external issuer (Auth0-style), keyed separately', () => {
  let issuer: Server;
  let issuerUrl: string;
  let external: TestServer;
  let externalKey: SigningKey;
  const audience = 'https://api.careboard.example';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    externalKey = pair.privateKey;
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' }] };
    issuer = createServer((request, response) => {
      if (request.url === '/.well-known/jwks.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    const address = issuer.address();
    issuerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    external = await startTestServer({ env: { AUTH_DOMAIN: issuerUrl, AUTH_AUDIENCE: audience } });
  });
  afterAll(async () => {
    await external?.close();
    issuer?.close();
  });

  const externalClaims = (overrides: Record<string, unknown> = {}) => ({
    // Auth0 writes its issuer with a trailing slash.
    iss: `${issuerUrl}/`,
    aud: [audience, `${issuerUrl}/userinfo`],
    sub: 'auth0|abc',
    org_id: 'org_demo',
    scope: 'access:display-board',
    exp: now() + 300,
    ...overrides,
  });

  async function externalMe(token: string) {
    const response = await fetch(`${external.baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  }

  it("accepts the issuer's tokens against its JWKS", async () => {
    const token = await new SignJWT(externalClaims())
      .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .sign(externalKey);
    expect(await externalMe(token)).toMatchObject({
      status: 200,
      body: { customer_id: 'demo', subject: 'auth0|abc' },
    });
  });

  it("rejects the embedded provider's keys and a wrong audience there", async () => {
    const ours = await new SignJWT(externalClaims())
      .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .sign(signingKey);
    expect((await externalMe(ours)).status).toBe(401);
    const wrongAudience = await new SignJWT(externalClaims({ aud: server.config.identity.audience }))
      .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .sign(externalKey);
    expect((await externalMe(wrongAudience)).status).toBe(401);
  });

  it('does not run the embedded provider', async () => {
    const response = await fetch(`${external.baseUrl}/oauth/device/code`, { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
