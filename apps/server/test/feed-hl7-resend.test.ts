/**
 * The ACK is lost (decisions FEED-11 to FEED-13): a TCP proxy between the sender and the server drops the
 * server's first ACK and closes the sender's connection; the sender resends the same message on
 * a new connection and gets AA, and exactly one visit exists. The same when the server process
 * is killed (SIGKILL) as its ACK goes out, and started again on the same database. A message
 * stored but never applied (the server stopped between its store and its apply) is applied by
 * the resend.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SOURCE } from '../src/nodes/server-bundle.ts';
import { freePort } from '../src/store/free-port.ts';
import { childProcessEnv } from './child-env.ts';
import { adtMessage, sendAdt } from './hl7-sender.ts';
import { createMigratedTestDatabase } from './test-database.ts';
import { FIXTURE_BOARD_DIR, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let sql: pg.Client;
let mllpPort: number;

/**
 * A proxy to an MLLP port that swallows the first answer the server sends (after calling
 * `onFirstAnswer`) and cuts that connection.
 */
async function startAckDroppingProxy(
  upstreamPort: () => number,
  onFirstAnswer: () => void = () => {},
): Promise<{
  port: number;
  dropped: () => number;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let dropped = 0;
  const proxy: Server = createServer((client) => {
    const upstream = connect({ host: '127.0.0.1', port: upstreamPort() });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (dropped === 0) {
        dropped += 1;
        onFirstAnswer();
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    port,
    dropped: () => dropped,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

async function visitCount(externalId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM visits WHERE customer_id = 'demo' AND external_id = $1",
    [externalId],
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  mllpPort = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(mllpPort) } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    "UPDATE customers SET adt_workflow_id = (SELECT min(id) FROM workflows WHERE customer_id = 'demo'), adt_catch_all = true WHERE id = 'demo'",
  );
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
});

describe('a lost ACK', () => {
  it('the sender resends on a new connection after its ACK was dropped: AA, and one visit', async () => {
    const proxy = await startAckDroppingProxy(() => mllpPort);
    const text = adtMessage({
      event: 'A04',
      controlId: 'LOST-1',
      visitNumber: 'V-LOST-1',
      name: 'Resend^Rosa',
    });
    // The first delivery: the server stores and applies it, its ACK never reaches the sender.
    await expect(sendAdt(proxy.port, text, 1_500)).rejects.toThrow();
    expect(proxy.dropped()).toBe(1);
    expect(await visitCount('V-LOST-1')).toBe(1);

    const resent = await sendAdt(proxy.port, text);
    expect(resent).toMatchObject({ code: 'AA', controlId: 'LOST-1' });
    expect(await visitCount('V-LOST-1')).toBe(1);
    const stored = await sql.query(
      "SELECT status FROM feed_messages WHERE customer_id = 'demo' AND feed = 'hl7' AND control_id = 'LOST-1'",
    );
    expect(stored.rows).toEqual([{ status: 'applied' }]);
    await proxy.close();
  });

  it('a message stored but not applied before the server stopped is applied by its resend, once', async () => {
    const text = adtMessage({
      event: 'A04',
      controlId: 'HALF-1',
      visitNumber: 'V-HALF-1',
      name: 'Halfway^Hana',
    });
    // What a server that died between the store's commit and the apply leaves behind.
    await sql.query(
      `INSERT INTO feed_messages
         (customer_id, feed, transport, control_id, sending_application, sending_facility, message_type, item_count, body)
       VALUES ('demo', 'hl7', 'mllp', 'HALF-1', 'TEST-EHR', 'TEST-HOSP', 'ADT^A04', 1, $1)`,
      [text],
    );
    expect(await visitCount('V-HALF-1')).toBe(0);
    const [first, second] = await Promise.all([sendAdt(mllpPort, text), sendAdt(mllpPort, text)]);
    expect(first).toMatchObject({ code: 'AA', controlId: 'HALF-1' });
    expect(second).toMatchObject({ code: 'AA', controlId: 'HALF-1' });
    expect(await visitCount('V-HALF-1')).toBe(1);
    const stored = await sql.query(
      "SELECT status, ack_code FROM feed_messages WHERE customer_id = 'demo' AND feed = 'hl7' AND control_id = 'HALF-1'",
    );
    expect(stored.rows).toEqual([{ status: 'applied', ack_code: 'AA' }]);
  });

  it('the server is killed as its ACK goes out and started again: the resend gets AA, and one visit', async () => {
    const databaseUrl = await createMigratedTestDatabase();
    const [httpPort, hl7Port] = [await freePort(), await freePort()];
    let child = await startServerProcess(databaseUrl, httpPort, hl7Port);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        "UPDATE customers SET adt_workflow_id = (SELECT min(id) FROM workflows WHERE customer_id = 'demo'), adt_catch_all = true WHERE id = 'demo'",
      );
      const proxy = await startAckDroppingProxy(
        () => hl7Port,
        () => child.kill('SIGKILL'),
      );
      const text = adtMessage({
        event: 'A04',
        controlId: 'KILL-1',
        visitNumber: 'V-KILL-1',
        name: 'Killed^Kira',
      });
      await expect(sendAdt(proxy.port, text, 1_500)).rejects.toThrow();
      expect(child.signalCode).toBe('SIGKILL');
      child = await startServerProcess(databaseUrl, httpPort, hl7Port);
      expect(await sendAdt(proxy.port, text)).toMatchObject({ code: 'AA', controlId: 'KILL-1' });
      const visits = await db.query(
        "SELECT count(*)::int AS n FROM visits WHERE customer_id = 'demo' AND external_id = 'V-KILL-1'",
      );
      expect(visits.rows[0].n).toBe(1);
      await proxy.close();
    } finally {
      await db.end();
      await stopProcess(child);
    }
  }, 60_000);
});

/** `node src/main.ts` on a database, with the MLLP listener; resolves once it runs. */
async function startServerProcess(
  databaseUrl: string,
  httpPort: number,
  hl7Port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_SOURCE], {
    env: {
      ...childProcessEnv(),
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      DATABASE_URL: databaseUrl,
      HL7_MLLP_PORT: String(hl7Port),
      CAREBOARD_BOARD_DIR: FIXTURE_BOARD_DIR,
      CAREBOARD_SIMULATOR_RATE: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const until = Date.now() + 30_000;
  while (!output.includes('Careboard is running')) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}
