import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { type CliResult, runCareboard } from './cli-runner.ts';
import {
  confirmOnPhone,
  DEMO_PASSWORD,
  decodePayload,
  deviceAuthorization,
  discover,
  signInWithRedirect,
} from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

// An empty server: the customer exists only through the admin command (BOF-26, BOF-32).
beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_DEMO: 'off' } });
});
afterAll(() => server?.close());

function careboard(args: readonly string[], stdin = ''): Promise<CliResult> {
  return runCareboard(server.databaseUrl, args, stdin);
}

const addAcme = (stdin = `${DEMO_PASSWORD}\n`) =>
  careboard(
    [
      'customer',
      'add',
      '--id',
      'acme',
      '--name',
      'Acme General',
      '--locale',
      'es-US',
      '--admin-email',
      'it@acme.test',
      '--password-stdin',
    ],
    stdin,
  );

describe('npm run careboard -- customer', () => {
  it('adds a customer with its organization id, device client and first admin, and lists it', async () => {
    const added = await addAcme();
    expect(added, added.err).toMatchObject({
      code: 0,
      out: [
        'Added customer acme (Acme General, es-US).',
        "Organization id: org_acme (the board's sign-in names it).",
        'Device client: acme-device (its screens activate with it).',
        'Admin: it@acme.test.',
        '',
      ].join('\n'),
    });
    const listed = await careboard(['customer', 'list']);
    expect(listed.out).toBe('acme\tAcme General\tes-US\torg_acme\tacme-device\t1 users\t0 boards\n');
    expect((await careboard(['user', 'list', '--customer', 'acme'])).out).toBe(
      'acme\tit@acme.test\tadmin\tit@acme.test\n',
    );
    // The board's public customer call finds it.
    const config = await fetch(`${server.baseUrl}/api/customers/acme`);
    expect(await config.json()).toEqual({
      id: 'acme',
      auth_org_id: 'org_acme',
      auth_device_client_id: 'acme-device',
      locale: 'es-US',
    });
  });

  it('generates the admin password when none is given and shows it once', async () => {
    const added = await careboard([
      'customer',
      'add',
      '--id',
      'bravo-clinic',
      '--name',
      'Bravo Clinic',
      '--admin-email',
      'admin@bravo.test',
    ]);
    expect(added, added.err).toMatchObject({ code: 0 });
    expect(added.out).toContain('Added customer bravo-clinic (Bravo Clinic, en-US).');
    expect(added.out).toMatch(/\nPassword, shown once: [\w-]{20}\n$/);
  });

  it('refuses a taken id, a taken email and bad input with a message and exit code 2, never a stack', async () => {
    const cases: [string[], string, string][] = [
      [
        ['--id', 'acme', '--admin-email', 'other@acme.test'],
        '',
        'A customer with the id acme exists already.',
      ],
      [
        ['--id', 'acme-two', '--admin-email', 'IT@acme.test'],
        '',
        'Email is already in use: an email signs in to one account of one customer.',
      ],
      [['--id', 'Not A Slug', '--admin-email', 'x@x.test'], '', '--id must be a slug'],
      [['--id', 'delta', '--admin-email', 'not-an-email'], '', '--admin-email is not valid.'],
      [
        ['--id', 'delta', '--admin-email', 'x@delta.test', '--locale', 'fr-FR'],
        '',
        '--locale must be one of en-US, es-US.',
      ],
      [
        ['--id', 'delta', '--admin-email', 'x@delta.test', '--password-stdin'],
        'short\n',
        'The password must have 12 to 200 characters.',
      ],
      [['--admin-email', 'x@delta.test'], '', '--id is required.'],
    ];
    // Each refusal starts a process: side by side, they take the time of one.
    const answers = await Promise.all(
      cases.map(([args, stdin]) =>
        careboard(
          ['customer', 'add', ...(args.includes('--id') ? ['--name', 'Delta', ...args] : args)],
          stdin,
        ),
      ),
    );
    answers.forEach((answer, i) => {
      const [args, , message] = cases[i] ?? [[], '', ''];
      expect(answer, args.join(' ')).toMatchObject({ code: 2, err: expect.stringContaining(message) });
      expect(answer.err).not.toMatch(/\n\s+at /);
    });
    const noName = await careboard(['customer', 'add', '--id', 'delta', '--admin-email', 'x@delta.test']);
    expect(noName).toMatchObject({ code: 2, err: expect.stringContaining('--name is required.') });
    // Nothing half-made: the refused customers do not exist.
    expect(
      (await careboard(['customer', 'list'])).out
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['acme', 'bravo-clinic']);
  }, 60_000);

  it("lets the new admin sign in with the standard flow and use the API as the customer's admin", async () => {
    const web = await discover(server, server.config.identity.webClientId);
    const { callback, verifier, state, nonce } = await signInWithRedirect(
      server,
      web,
      'it@acme.test',
      'org_acme',
    );
    const tokens = await oidc.authorizationCodeGrant(web, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(decodePayload(tokens.access_token)).toMatchObject({ org_id: 'org_acme' });
    const api = await apiClient(server, tokens.access_token);
    expect(await api('GET', '/me')).toMatchObject({ status: 200 });
    const users = await api('GET', '/users');
    expect(users).toMatchObject({
      status: 200,
      body: { total: 1, items: [{ email: 'it@acme.test', role: 'admin', disabled: false }] },
    });
    expect(await api('GET', '/customers/acme/settings')).toMatchObject({
      status: 200,
      body: { id: 'acme', name: 'Acme General', locale: 'es-US', tag_non_reporting_sec: 600 },
    });
    // Its admin is acme's only: bravo-clinic is another customer.
    expect(await api('GET', '/customers/bravo-clinic/settings')).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
  });

  it("activates a screen with the customer's device client, confirmed by its admin", async () => {
    const raw = await fetch(`${server.baseUrl}/oauth/device/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'acme-device',
        scope: 'openid offline_access access:display-board',
      }),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toMatchObject({ user_code: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/) });

    const config = await discover(server, 'acme-device');
    const device = await deviceAuthorization(config, server);
    const phone = await confirmOnPhone(device.verification_uri_complete ?? '', {
      email: 'it@acme.test',
      password: DEMO_PASSWORD,
    });
    expect(phone.status).toBe(200);
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    expect(decodePayload(tokens.access_token)).toMatchObject({
      org_id: 'org_acme',
      client_id: 'acme-device',
    });
    expect(tokens.refresh_token).toBeTruthy();
  }, 30_000);
});
