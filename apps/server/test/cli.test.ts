import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { deviceFlowScopes } from '@careboard/contracts';
import * as oidc from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { type CliResult, runCareboard } from './cli-runner.ts';
import { confirmOnPhone, deviceAuthorization, discover } from './identity-helpers.ts';
import { createTestDatabase } from './test-database.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

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
    // It names the database it used, on stderr, without the password (FND-37).
    const database = new URL(server.databaseUrl);
    expect(added.err).toBe(`careboard: database postgres://${database.host}${database.pathname}\n`);
    expect(added.err).not.toContain(decodeURIComponent(database.password));
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

  it('puts every write in the audit log as cli:<operating-system user>, and a refused one nowhere (FND-36)', async () => {
    const actor = `cli:${userInfo().username}`;
    expect(
      await careboard(['user', 'set-role', 'nurse2@demo.test', '--customer', 'demo', '--role', 'visitor']),
    ).toMatchObject({ code: 0 });
    const [disabled, newest] = await Promise.all([
      careboard(['user', 'disable', 'nurse2@demo.test']),
      careboard(['keys', 'list']),
    ]);
    expect(disabled.code).toBe(0);
    expect((await careboard(['user', 'enable', 'nurse2@demo.test'])).code).toBe(0);
    // The key the test before added: the server signs with the older one until it restarts.
    const added = (
      newest.out
        .trim()
        .split('\n')
        .find((row) => row.includes('\tsig\t') && row.endsWith('active')) ?? ''
    ).split('\t')[0];
    expect((await careboard(['keys', 'retire', added ?? ''])).code).toBe(0);

    const sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    const events = await sql
      .query(
        `SELECT customer_id, actor_kind, action, entity, entity_id IS NOT NULL AS has_id, route, status
           FROM audit_events WHERE actor = $1 ORDER BY id`,
        [actor],
      )
      .finally(() => sql.end());
    const nurse = { customer_id: 'demo', actor_kind: 'system', entity: 'users', has_id: true, status: null };
    const device = {
      customer_id: 'demo',
      actor_kind: 'system',
      action: 'update',
      entity: 'devices',
      has_id: true,
    };
    const key = {
      customer_id: null,
      actor_kind: 'system',
      entity: 'identity_keys',
      has_id: true,
      status: null,
    };
    expect(events.rows).toEqual([
      { ...nurse, action: 'create', route: 'careboard user add' },
      { ...nurse, action: 'create', route: 'careboard user add' },
      { ...device, route: 'careboard device revoke', status: null },
      // One assign: the refused one (no board 999) wrote nothing, and so is in no log.
      { ...device, route: 'careboard device assign', status: null },
      { ...key, action: 'create', route: 'careboard keys rotate' },
      { ...nurse, action: 'update', route: 'careboard user set-role' },
      { ...nurse, action: 'update', route: 'careboard user disable' },
      { ...nurse, action: 'update', route: 'careboard user enable' },
      { ...key, action: 'update', route: 'careboard keys retire' },
    ]);
    // The customer's admins read theirs; a signing key is the platform's, in no customer's log.
    const admin = await apiClient(
      server,
      await accessToken(server, { scope: 'update:customer*', sub: 'auditor' }),
    );
    const log = await admin('GET', `/audit-events?actor=${encodeURIComponent(actor)}&limit=50`);
    expect(log).toMatchObject({ status: 200, body: { total: 7 } });
  });
});

describe("npm run careboard without the server's data (FND-37)", () => {
  it('stops with one line naming the data directory it looked in, and makes no cluster there', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'careboard-cli-empty-'));
    // As root, PostgreSQL runs as the postgres user: open enough that a cluster could be made here.
    chmodSync(empty, 0o755);
    try {
      const added = await runCareboard(
        null,
        ['customer', 'add', '--id', 'riverside', '--name', 'Riverside', '--admin-email', 'it@riverside.test'],
        '',
        { CAREBOARD_DATA_DIR: empty },
      );
      expect(added).toEqual({
        code: 2,
        out: '',
        err: `careboard: no Careboard data in ${empty} (no PostgreSQL cluster there). Run the command with the server's: CAREBOARD_DATA_DIR=<the server's data directory>, or DATABASE_URL=postgres://… for an external database.\n`,
      });
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("stops with one line naming a database without Careboard's tables, and leaves it empty", async () => {
    const url = await createTestDatabase();
    const named = new URL(url);
    const added = await runCareboard(url, ['user', 'list']);
    expect(added).toEqual({
      code: 2,
      out: '',
      err: `careboard: no Careboard data in database postgres://${named.host}${named.pathname}: it has no Careboard tables. Set DATABASE_URL to the database the server uses (a server makes the tables on its first start).\n`,
    });
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    const tables = await sql
      .query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")
      .finally(() => sql.end());
    expect(tables.rows).toEqual([{ n: 0 }]);
  });
});

describe('npm run careboard -- --version', () => {
  it('prints the version GET /health answers, without opening a store', async () => {
    const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as { version: string };
    // No database and no data directory: a version needs neither.
    const result = await runCareboard(null, ['--version'], '', { CAREBOARD_DATA_DIR: '/nonexistent' });
    expect({ code: result.code, out: result.out.trim() }).toEqual({ code: 0, out: health.version });
  });
});
