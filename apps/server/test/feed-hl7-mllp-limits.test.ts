/**
 * Nobody can hold or flood the MLLP port (decision FEED-54): a real server with small
 * limits from the environment, real TCP sockets from different loopback addresses playing
 * different hosts.
 */
import { connect, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import { adtMessage, connectFrom, eventually } from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const PER_ADDRESS = 10;
const FRAME_TIMEOUT_SEC = 1;

let server: TestServer;
let sql: pg.Client;
let port: number;

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({
    env: {
      HL7_MLLP_PORT: String(port),
      HL7_MLLP_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      HL7_MLLP_CONNECTIONS: '100',
      HL7_MLLP_FRAME_TIMEOUT_SEC: String(FRAME_TIMEOUT_SEC),
    },
  });
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

/** A raw TCP connection from `localAddress`; `closed` settles when either side closes it. */
function open(localAddress: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve({ socket, closed }));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.on('error', () => {});
  });
}

describe('connection caps', () => {
  it('500 idle connections from one address do not stop a sender from another', async () => {
    const idle: { socket: Socket; closed: Promise<void> }[] = [];
    let closedByServer = 0;
    try {
      for (let i = 0; i < 500; i += 1) {
        const connection = await open('127.0.0.2');
        void connection.closed.then(() => (closedByServer += 1));
        idle.push(connection);
      }
      // The hospital's engine on another host is answered and applied.
      const engine = await connectFrom(port, '127.0.0.3');
      try {
        const ack = await engine.send(
          adtMessage({ event: 'A04', controlId: 'CAP-1', visitNumber: 'V-CAP-1', name: 'Capped^Cora' }),
          3_000,
        );
        expect(ack).toMatchObject({ code: 'AA', controlId: 'CAP-1' });
      } finally {
        await engine.close();
      }
      const { rows } = await sql.query(
        "SELECT count(*)::int AS n FROM visits WHERE customer_id = 'demo' AND external_id = 'V-CAP-1'",
      );
      expect(rows[0].n).toBe(1);
      // All but the cap's worth were closed at once, unread; refusing them closed nobody else's.
      await eventually(() => closedByServer >= 500 - PER_ADDRESS, 5_000);
      expect(closedByServer).toBe(500 - PER_ADDRESS);
      expect(idle.filter((connection) => !connection.socket.destroyed)).toHaveLength(PER_ADDRESS);
      const warnings = server.logs.filter(
        (line) => line.msg === 'HL7: too many connections from one address; refusing more',
      );
      expect(warnings).toEqual([expect.objectContaining({ address: '127.0.0.2', cap: PER_ADDRESS })]);
    } finally {
      for (const connection of idle) connection.socket.destroy();
      await Promise.all(idle.map((connection) => connection.closed));
    }
  });
});

describe('slow senders', () => {
  it('a sender that trickles a frame is cut within the frame timeout', async () => {
    const trickler = await open('127.0.0.4');
    const started = Date.now();
    trickler.socket.write(Buffer.concat([Buffer.from([0x0b]), Buffer.from('MSH|^~\\&|')]));
    let cutAfter: number | undefined;
    void trickler.closed.then(() => (cutAfter = Date.now() - started));
    // One byte every 100 ms, at most 50 (5 s), until the server closes the connection.
    for (let i = 0; i < 50 && cutAfter === undefined; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!trickler.socket.destroyed) trickler.socket.write('A');
    }
    // Never cut: close it here, and the time below says so.
    if (cutAfter === undefined) trickler.socket.destroy();
    await trickler.closed;
    expect(cutAfter).toBeGreaterThanOrEqual(FRAME_TIMEOUT_SEC * 1000);
    expect(cutAfter).toBeLessThan(FRAME_TIMEOUT_SEC * 1000 + 1000);
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        msg: 'HL7: a frame did not end within the frame timeout; connection closed',
        address: '127.0.0.4',
      }),
    );
  });

  it('a sender whose frames each end in time stays connected past the frame timeout', async () => {
    const engine = await connectFrom(port, '127.0.0.5');
    let closed = false;
    void engine.closed.then(() => (closed = true));
    // Four messages 400 ms apart: 1.6 s on one connection, each frame sent whole.
    for (let i = 0; i < 4; i += 1) {
      const ack = await engine.send(
        adtMessage({
          event: 'A04',
          controlId: `STEADY-${i}`,
          visitNumber: `V-STEADY-${i}`,
          name: 'Steady^Sam',
        }),
      );
      expect(ack.code).toBe('AA');
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    expect(closed).toBe(false);
    await engine.close();
  });
});
