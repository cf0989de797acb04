/**
 * MLLP over TLS and the listeners' allow-lists (decision FEED-66): a real server with
 * HL7_MLLP_TLS_PORT and a throwaway certificate beside the plain HL7_MLLP_PORT, an A04 sent over
 * a real TLS socket and followed into the database, a connection from an address not on
 * HL7_MLLP_TLS_ALLOW refused before its handshake; and the configuration errors.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { freePort } from '../src/store/free-port.ts';
import { type Ack, ackOfBytes, adtMessage, frame, sendAdtFrom } from './hl7-sender.ts';
import { selfSignedCertificate } from './test-certificates.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Debian's openssl, which makes the test's certificate (node:crypto cannot). */

let dir: string;
let certFile: string;
let keyFile: string;
let server: TestServer;
let sql: pg.Client;
let plainPort: number;
let tlsPort: number;

/** What one MLLP over TLS connection from `localAddress` got for one message. */
interface TlsAnswer {
  /** Whether the client's side of the handshake ended. */
  readonly secure: boolean;
  readonly ack: Ack | undefined;
  readonly closed: boolean;
}

/** Sends one message over a new TLS connection that trusts the test certificate, and reads its answer. */
function sendOverTls(text: string, localAddress: string): Promise<TlsAnswer> {
  return new Promise((resolve) => {
    const tcp = connect({ host: '127.0.0.1', port: tlsPort, localAddress });
    const socket = tlsConnect({ socket: tcp, host: '127.0.0.1', ca: readFileSync(certFile) }, () => {
      secure = true;
      socket.write(frame(text));
    });
    let secure = false;
    let received = Buffer.alloc(0);
    const done = (ack: Ack | undefined, closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ secure, ack, closed });
    };
    const timer = setTimeout(() => done(undefined, false), 10_000);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf(Buffer.from([0x1c, 0x0d]));
      if (end >= 0) done(ackOfBytes(received.subarray(received.indexOf(0x0b) + 1, end)), false);
    });
    tcp.on('error', () => {});
    socket.on('error', () => {});
    socket.on('close', () => done(undefined, true));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'careboard-feed-tls-'));
  ({ certFile, keyFile } = selfSignedCertificate(dir));
  plainPort = await freePort();
  tlsPort = await freePort();
  server = await startTestServer({
    env: {
      HL7_MLLP_PORT: String(plainPort),
      HL7_MLLP_TLS_PORT: String(tlsPort),
      HL7_MLLP_TLS_CERT_FILE: certFile,
      HL7_MLLP_TLS_KEY_FILE: keyFile,
      HL7_MLLP_TLS_ALLOW: '127.0.0.2/32',
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
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function visitCount(visitNumber: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM visits WHERE customer_id = 'demo' AND external_id = $1",
    [visitNumber],
  );
  return rows[0]?.n ?? 0;
}

describe('MLLP over TLS on HL7_MLLP_TLS_PORT', () => {
  it('answers an A04 sent over TLS AA and admits its visit', async () => {
    const answer = await sendOverTls(
      adtMessage({ event: 'A04', controlId: 'TLS-1', visitNumber: 'V-TLS-1', name: 'Secure^Sam' }),
      '127.0.0.2',
    );
    expect(answer.ack).toMatchObject({ code: 'AA', controlId: 'TLS-1' });
    expect(await visitCount('V-TLS-1')).toBe(1);
    const ready = server.logs.filter((line) => line.msg === 'HL7 ADT: MLLP listener ready');
    expect(ready.map((line) => [line.port, line.tls ?? false])).toEqual([
      [plainPort, false],
      [tlsPort, true],
    ]);
  });

  it('closes a connection from 127.0.0.1, not on HL7_MLLP_TLS_ALLOW, before its handshake, and stores nothing', async () => {
    const answer = await sendOverTls(
      adtMessage({ event: 'A04', controlId: 'TLS-2', visitNumber: 'V-TLS-2', name: 'Refused^Rita' }),
      '127.0.0.1',
    );
    expect(answer).toEqual({ secure: false, ack: undefined, closed: true });
    expect(await visitCount('V-TLS-2')).toBe(0);
    const { rows } = await sql.query(
      "SELECT count(*)::int AS n FROM feed_messages WHERE control_id = 'TLS-2'",
    );
    expect(rows[0].n).toBe(0);
    const refused = server.logs.filter((line) => line.msg === 'HL7: connection from an address not allowed');
    expect(refused).toMatchObject([{ level: 40, address: '127.0.0.1', tls: true }]);
  });

  it('leaves the plain port, with no allow-list of its own, open to 127.0.0.1', async () => {
    const ack = await sendAdtFrom(
      plainPort,
      adtMessage({ event: 'A04', controlId: 'PLAIN-1', visitNumber: 'V-PLAIN-1', name: 'Plain^Paul' }),
      '127.0.0.1',
    );
    expect(ack).toMatchObject({ code: 'AA', controlId: 'PLAIN-1' });
    expect(await visitCount('V-PLAIN-1')).toBe(1);
  });
});

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the MLLP TLS and allow-list variables', () => {
  it('need a certificate and a key with HL7_MLLP_TLS_PORT, each named when missing', () => {
    expect(problemsOf({ HL7_MLLP_TLS_PORT: '2576' })).toEqual([
      'HL7_MLLP_TLS_CERT_FILE: HL7_MLLP_TLS_PORT needs it (the certificate chain the listener presents, PEM)',
      'HL7_MLLP_TLS_KEY_FILE: HL7_MLLP_TLS_PORT needs it (the private key of that certificate, PEM)',
    ]);
    expect(problemsOf({ HL7_MLLP_TLS_PORT: '2576', HL7_MLLP_TLS_CERT_FILE: 'cert.pem' })).toEqual([
      'HL7_MLLP_TLS_KEY_FILE: HL7_MLLP_TLS_PORT needs it (the private key of that certificate, PEM)',
    ]);
    expect(
      problemsOf({
        HL7_MLLP_TLS_PORT: '2575',
        HL7_MLLP_PORT: '2575',
        HL7_MLLP_TLS_CERT_FILE: 'c',
        HL7_MLLP_TLS_KEY_FILE: 'k',
      }),
    ).toEqual([
      'HL7_MLLP_TLS_PORT: must differ from HL7_MLLP_PORT (plain MLLP and MLLP over TLS each have a port)',
    ]);
  });

  it('resolve the files against the working directory, and ask for a client certificate only with a CA file', () => {
    const env = {
      HL7_MLLP_TLS_PORT: '2576',
      HL7_MLLP_TLS_CERT_FILE: 'tls/cert.pem',
      HL7_MLLP_TLS_KEY_FILE: '/etc/k.pem',
    };
    expect(loadConfig(env, '/srv/careboard').feeds.hl7MllpTls).toEqual({
      port: 2576,
      certFile: '/srv/careboard/tls/cert.pem',
      keyFile: '/etc/k.pem',
      caFile: null,
      allow: null,
    });
    expect(loadConfig({ ...env, HL7_MLLP_TLS_CA_FILE: 'ca.pem' }, '/srv').feeds.hl7MllpTls?.caFile).toBe(
      '/srv/ca.pem',
    );
    expect(loadConfig({}).feeds).toMatchObject({ hl7MllpTls: null, hl7MllpAllow: null });
  });

  it('read allow-lists of addresses and CIDR ranges, an IPv4-mapped address in IPv4 ranges, and name each entry that is neither', () => {
    const allow = loadConfig({ HL7_MLLP_ALLOW: ' 10.20.0.0/16, 192.0.2.7 ,fd00::/8' }).feeds.hl7MllpAllow;
    expect(allow?.check('10.20.3.4', 'ipv4')).toBe(true);
    expect(allow?.check('::ffff:10.20.3.4', 'ipv6')).toBe(true);
    expect(allow?.check('192.0.2.8', 'ipv4')).toBe(false);
    expect(allow?.check('fd12::1', 'ipv6')).toBe(true);
    expect(problemsOf({ HL7_MLLP_ALLOW: '10.0.0.0/33, hospital.example.org, 10.1.2.3' })).toEqual([
      'HL7_MLLP_ALLOW: 10.0.0.0/33 is not an address or a CIDR range',
      'HL7_MLLP_ALLOW: hospital.example.org is not an address or a CIDR range',
    ]);
    expect(problemsOf({ HL7_MLLP_TLS_ALLOW: ' , ' })).toEqual([
      'HL7_MLLP_TLS_ALLOW: must be addresses or CIDR ranges separated by commas',
    ]);
  });
});
