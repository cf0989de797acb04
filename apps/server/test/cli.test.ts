import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCareboard } from './cli-runner.ts';
import { confirmOnPhone, deviceAuthorization, discover } from './identity-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function careboard(args: readonly string[], stdin = ''): Promise<CliResult> {
  return runCareboard(server.databaseUrl, args, stdin);
}

describe('npm run careboard', () => {
  it('adds a user and lists users', async () => {
    const added = await careboard(
      [
        'user',
        'add',
        '--customer',
        'demo',
        '--email',
        'nurse2@demo.test',
        '--role',
        'staff',
        '--name',
        'Night Nurse',
        '--password-stdin',
      ],
      'a-long-password-1\n',
    );
    expect(added).toMatchObject({ code: 0, out: 'Added nurse2@demo.test (staff) to demo.\n' });
    const listed = await careboard(['user', 'list', '--customer', 'demo']);
    expect(listed.out).toContain('demo\tnurse2@demo.test\tstaff\tNight Nurse');
    expect(listed.out).toContain('admin@demo.test');
  });

  it('lists the demo customer, made as customer add makes any customer (BOF-26)', async () => {
    const listed = await careboard(['customer', 'list']);
    expect(listed.out).toMatch(
      /^demo\tRiverside Medical Center\ten-US\torg_demo\tdemo-device\t\d+ users\t4 boards\n$/,
    );
  });

  it('generates a password when none is given, and shows it once', async () => {
    const added = await careboard([
      'user',
      'add',
      '--customer',
      'demo',
      '--email',
      'gen@demo.test',
      '--role',
      'visitor',
    ]);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/Password, shown once: [\w-]{20}/);
  });

  it('refuses bad input with a message and exit code 2', async () => {
    expect(
      await careboard(['user', 'add', '--customer', 'demo', '--email', 'x@demo.test', '--role', 'king']),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('--role must be one of admin, staff, visitor.'),
    });
    expect(
      await careboard(['user', 'add', '--customer', 'nobody', '--email', 'x@demo.test', '--role', 'staff']),
    ).toMatchObject({ code: 2, err: expect.stringContaining('There is no customer nobody.') });
    expect(
      await careboard(['user', 'add', '--customer', 'demo', '--email', 'admin@demo.test', '--role', 'staff']),
    ).toMatchObject({ code: 2, err: expect.stringContaining('exists already') });
    expect((await careboard(['user', 'add', '--bogus'])).code).toBe(2);
    expect((await careboard(['frobnicate'])).code).toBe(2);
  });

  it('lists an activated device and revokes it: its refresh token stops working', async () => {
    const config = await discover(server, 'demo-device');
    const device = await deviceAuthorization(config, server);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });

    const listed = await careboard(['device', 'list', '--customer', 'demo']);
    const line = listed.out.split('\n').find((row) => row.includes('active'));
    expect(line).toContain('by admin@demo.test');
    const id = line?.split('\t')[0] ?? '';
    const revoked = await careboard(['device', 'revoke', id]);
    expect(revoked, revoked.err).toMatchObject({ code: 0, out: `Revoked ${id}.\n` });
    expect((await careboard(['device', 'list'])).out).toContain(`${id}\tdemo\trevoked`);
    await expect(
      oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', { scope: deviceFlowScopes.join(' ') }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  }, 30_000);

  it('assigns a device another board: its token reads that one, with no re-activation (IDN-16)', async () => {
    const config = await discover(server, 'demo-device');
    const device = await deviceAuthorization(config, server, 2);
    await confirmOnPhone(device.verification_uri_complete ?? '');
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    const line = (await careboard(['device', 'list', '--customer', 'demo'])).out
      .split('\n')
      .find((row) => row.includes('active') && row.endsWith('board 2'));
    const id = line?.split('\t')[0] ?? '';
    expect(id).not.toBe('');
    expect(await careboard(['device', 'assign', id, '--board', '999'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('has no board 999'),
    });
    const assigned = await careboard(['device', 'assign', id, '--board', '1']);
    expect(assigned, assigned.err).toMatchObject({ code: 0, out: `Device ${id} shows board 1.\n` });
    expect((await careboard(['device', 'list'])).out).toContain('board 1');
    const read = async (board: number) =>
      (
        await fetch(`${server.baseUrl}/api/display-boards/${board}`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).status;
    // The server keeps a device's board for a few seconds.
    const until = Date.now() + 20_000;
    while ((await read(1)) !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await read(1)).toBe(200);
    expect(await read(2)).toBe(404);
  }, 60_000);

  it('rotates signing keys', async () => {
    const rotated = await careboard(['keys', 'rotate']);
    expect(rotated.out).toMatch(/^Added signing key \S+\./);
    const keys = (await careboard(['keys', 'list'])).out.trim().split('\n');
    expect(keys.filter((row) => row.includes('\tsig\t'))).toHaveLength(2);
  });
});
