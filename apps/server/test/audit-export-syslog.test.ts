import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../src/services/tenants/create-customer.ts';
import { findAccountByEmail } from '../src/store/accounts.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { freePort } from '../src/store/free-port.ts';
import { apiClient } from './api-client.ts';
import { selfSignedCertificate } from './test-certificates.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/** Debian's openssl, which makes the test's certificate (node:crypto cannot). */
const ADMIN_SCOPE = 'read:* write:* update:customer*';

/** One RFC 5424 message as a SIEM reads it: header fields and the structured data's params. */
interface Received {
  readonly pri: string;
  readonly timestamp: string;
  readonly app: string;
  readonly msgId: string;
  readonly params: Readonly<Record<string, string>>;
  readonly text: string;
}

function parseSyslog(message: string): Received {
  const match =
    /^<(\d+)>1 (\S+) (\S+) (\S+) (\S+) (\S+) \[careboard@32473 ((?:[^\]\\]|\\.)*)\] \uFEFF(.*)$/s.exec(
      message,
    );
  if (!match) throw new Error(`not an RFC 5424 message of ours: ${message}`);
  const params: Record<string, string> = {};
  for (const [, name = '', value = ''] of (match[7] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    params[name] = value.replace(/\\(["\\\]])/g, '$1');
  }
  return {
    pri: match[1] ?? '',
    timestamp: match[2] ?? '',
    app: match[4] ?? '',
    msgId: match[6] ?? '',
    params,
    text: match[8] ?? '',
  };
}

/** A SIEM's syslog receiver: RFC 6587 octet-counted frames, kept as they come; stopped and started again. */
class Receiver {
  readonly messages: Received[] = [];
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  readonly port: number;
  private readonly secure: { key: Buffer; cert: Buffer } | undefined;
  constructor(port: number, secure?: { key: Buffer; cert: Buffer }) {
    this.port = port;
    this.secure = secure;
  }

  private read(socket: net.Socket) {
    this.sockets.add(socket);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const space = buffered.indexOf(0x20);
        if (space < 0) return;
        const length = Number(buffered.subarray(0, space).toString('ascii'));
        if (buffered.length < space + 1 + length) return;
        this.messages.push(parseSyslog(buffered.subarray(space + 1, space + 1 + length).toString('utf8')));
        buffered = buffered.subarray(space + 1 + length);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
  }

  async start(): Promise<void> {
    const server = this.secure
      ? tls.createServer(this.secure, (socket) => this.read(socket))
      : net.createServer((socket) => this.read(socket));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  /** The SIEM goes down: no more connections, and the open ones cut. */
  async stop(): Promise<void> {
    const server = this.server;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  ids(customer?: string): string[] {
    return [
      ...new Set(
        this.messages
          .filter((m) => !customer || m.params.customer === customer)
          .map((m) => m.params.id ?? ''),
      ),
    ];
  }
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function allIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_events').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

let dir: string;
let certFile: string;
let keyFile: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-syslog-'));
  ({ certFile, keyFile } = selfSignedCertificate(dir));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the audit export and the syslog stream over TCP (BOF-57)', () => {
  let server: TestServer;
  let db: Db;
  let receiver: Receiver;
  let demo: Awaited<ReturnType<typeof apiClient>>;
  let bravo: Awaited<ReturnType<typeof apiClient>>;
  let demoToken: string;

  beforeAll(async () => {
    receiver = new Receiver(await freePort());
    await receiver.start();
    server = await startTestServer({ env: { AUDIT_SYSLOG_URL: `tcp://127.0.0.1:${receiver.port}` } });
    db = openDatabase(server.databaseUrl, 2);
    const made = await createCustomer(db, {
      id: 'bravo',
      name: 'Bravo Hospital',
      admin_email: 'chief@bravo.test',
      admin_password: 'bravo-password-1',
    });
    const demoAdmin = (await findAccountByEmail(db, 'admin@demo.test'))?.id ?? '';
    demoToken = await accessToken(server, { sub: demoAdmin, scope: ADMIN_SCOPE });
    demo = await apiClient(server, demoToken);
    bravo = await apiClient(
      server,
      await accessToken(server, { sub: made.admin.id, scope: ADMIN_SCOPE, org_id: 'org_bravo' }),
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.close();
    await receiver?.stop();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  async function exportOf(
    format: 'jsonl' | 'csv',
    token = demoToken,
  ): Promise<{ status: number; text: string; type: string }> {
    const response = await fetch(
      `${server.baseUrl}/api/audit-events/export?from=${today()}&to=${today()}&format=${format}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    return {
      status: response.status,
      text: await response.text(),
      type: response.headers.get('content-type') ?? '',
    };
  }

  it('sends every event as RFC 5424, and the exports hold the same events as the stream', async () => {
    for (const days of [31, 32, 33]) {
      expect((await demo('PATCH', '/customers/demo', { visit_name_retention_days: days })).status).toBe(200);
    }
    expect((await bravo('PATCH', '/customers/bravo', { audit_retention_years: 7 })).status).toBe(200);
    await waitFor('the stream to catch up', async () => {
      const ids = await allIds(db);
      return ids.length > 0 && ids.every((id) => receiver.ids().includes(id));
    });

    const jsonl = await exportOf('jsonl');
    expect(jsonl.status).toBe(200);
    expect(jsonl.type).toContain('application/x-ndjson');
    const exported = jsonl.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(exported.length).toBeGreaterThanOrEqual(4);
    expect(exported.every((event) => event.customer_id === 'demo')).toBe(true);
    // The export is itself audited, and is in its own range.
    const own = exported.at(-1);
    expect(own).toMatchObject({
      action: 'read',
      entity: 'audit-events',
      route: 'GET /api/audit-events/export',
    });

    await waitFor('the export event on the stream', () => receiver.ids().includes(String(own?.id)));
    const exportedIds = exported.map((event) => String(event.id));
    const last = BigInt(String(own?.id));
    const streamed = receiver.ids('demo').filter((id) => BigInt(id) <= last);
    expect(streamed.sort()).toEqual([...exportedIds].sort());
    for (const event of exported) {
      const message = receiver.messages.find((m) => m.params.id === String(event.id));
      expect(message?.pri).toBe('110');
      expect(message?.app).toBe('careboard');
      expect(message?.msgId).toBe('audit');
      expect(message?.timestamp).toBe(event.at);
      expect(message?.params).toMatchObject({
        customer: 'demo',
        actor: event.actor,
        actor_kind: event.actor_kind,
        action: event.action,
        entity: event.entity,
        route: event.route,
      });
    }

    const csv = await exportOf('csv');
    expect(csv.type).toContain('text/csv');
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('id,customer_id,at,actor,actor_kind,action,entity,entity_id,route,status');
    const csvIds = rows.slice(1).map((row) => row.split(',')[0] ?? '');
    // The same events, and the JSON lines export's own event after them.
    expect(csvIds.slice(0, exportedIds.length)).toEqual(exportedIds);
    await waitFor('the CSV export event on the stream', () =>
      csvIds.every((id) => receiver.ids().includes(id)),
    );
  });

  it("never holds another customer's events in an export", async () => {
    const bravoToken = await accessToken(server, {
      sub: (await findAccountByEmail(db, 'chief@bravo.test'))?.id ?? '',
      scope: ADMIN_SCOPE,
      org_id: 'org_bravo',
    });
    const answer = await exportOf('jsonl', bravoToken);
    const events = answer.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((event) => event.customer_id === 'bravo')).toBe(true);
    const demoIds = new Set(receiver.ids('demo'));
    expect(events.some((event) => demoIds.has(String(event.id)))).toBe(false);
  });

  it('refuses a bad range with DATE_RANGE_NOT_VALID, and anyone but an admin', async () => {
    for (const [from, to] of [
      ['2026-05-02', '2026-05-01'],
      ['2026-02-30', '2026-03-01'],
      ['yesterday', '2026-03-01'],
      ['2026-05-01T10:00:00Z', '2026-05-01T10:00:00Z'],
    ] as const) {
      const answer = await demo('GET', `/audit-events/export?from=${encodeURIComponent(from)}&to=${to}`);
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'DATE_RANGE_NOT_VALID', params: { from, to } },
      });
    }
    expect((await demo('GET', '/audit-events/export?to=2026-05-01')).body).toMatchObject({
      code: 'IS_REQUIRED',
      params: { field: 'from' },
    });
    expect((await demo('GET', '/audit-events/export?from=2026-05-01&to=2026-05-02&format=xml')).status).toBe(
      400,
    );
    const staff = await apiClient(server, await accessToken(server, { sub: 'x', scope: 'read:* write:*' }));
    expect((await staff('GET', '/audit-events/export?from=2026-05-01&to=2026-05-02')).status).toBe(403);
    const nobody = await fetch(`${server.baseUrl}/api/audit-events/export?from=2026-05-01&to=2026-05-02`);
    expect(nobody.status).toBe(401);
  });

  it('sends the events written while the SIEM was down once it is back, in order', async () => {
    await receiver.stop();
    const before = receiver.messages.length;
    for (const days of [40, 41, 42]) {
      expect((await demo('PATCH', '/customers/demo', { visit_name_retention_days: days })).status).toBe(200);
    }
    const written = (await allIds(db)).slice(-3);
    expect(written.some((id) => receiver.ids().includes(id))).toBe(false);
    await receiver.start();
    await waitFor('the events written while down', () => written.every((id) => receiver.ids().includes(id)));
    const after = receiver.messages.slice(before).map((m) => BigInt(m.params.id ?? '0'));
    expect(after).toEqual([...after].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('the syslog stream over TLS (BOF-57)', () => {
  it('sends to a receiver whose certificate the CA file names', async () => {
    const receiver = new Receiver(await freePort(), {
      key: readFileSync(keyFile),
      cert: readFileSync(certFile),
    });
    await receiver.start();
    const server = await startTestServer({
      env: { AUDIT_SYSLOG_URL: `tls://127.0.0.1:${receiver.port}`, AUDIT_SYSLOG_CA_FILE: certFile },
    });
    const db = openDatabase(server.databaseUrl, 2);
    try {
      const demoAdmin = (await findAccountByEmail(db, 'admin@demo.test'))?.id ?? '';
      const demo = await apiClient(server, await accessToken(server, { sub: demoAdmin, scope: ADMIN_SCOPE }));
      expect((await demo('PATCH', '/customers/demo', { feed_message_retention_days: 20 })).status).toBe(200);
      const ids = await allIds(db);
      await waitFor('the event over TLS', () => ids.every((id) => receiver.ids().includes(id)));
      const last = receiver.messages.find((m) => m.params.id === ids.at(-1));
      expect(last?.params).toMatchObject({
        customer: 'demo',
        action: 'update',
        entity: 'customers',
        status: '200',
      });
    } finally {
      await db.destroy();
      await server.close();
      await receiver.stop();
    }
  });
});
