/**
 * ADT as hospitals send it (decisions FEED-58 to FEED-65), over a real MLLP socket to a real
 * server, each effect followed on the workflow board's GraphQL subscription as a screen sees it:
 * a message is known by its sender and control id, a frame's messages are each answered, a
 * message is read in its own character set and kept as its bytes, `""` is never an identifier,
 * unmapped points of care join no board, a frame over the limit is answered, batches are
 * answered as batches, test traffic is not applied, and escapes are decoded.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import {
  ackOfBytes,
  adtMessage,
  boardOneWorkflowId,
  eventually,
  followWorkflowBoard,
  openByteConnection,
  sendAdt,
  type TestAdt,
} from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const MAX_FRAME_BYTES = 65_536;

let server: TestServer;
let sql: pg.Client;
let port: number;
let board: ReturnType<typeof followWorkflowBoard>;

const send = (adt: TestAdt) => sendAdt(port, adtMessage({ pointOfCare: 'AS-SENT', ...adt }));

async function visits(externalId: string) {
  const { rows } = await sql.query<{
    id: number;
    first_name: string;
    last_name: string;
    display_name: string;
  }>(
    `SELECT id, first_name, last_name, display_name FROM visits
      WHERE customer_id = 'demo' AND external_id = $1 AND completed_at IS NULL ORDER BY id`,
    [externalId],
  );
  return rows;
}

async function stored(controlId: string) {
  const { rows } = await sql.query<{
    status: string;
    ack_code: string;
    reason: string | null;
    body: string;
    body_bytes: Buffer | null;
    charset: string | null;
    sending_application: string | null;
    repeat_of: string | null;
    point_of_care: string | null;
  }>(
    `SELECT status, ack_code, reason, body, body_bytes, charset, sending_application, repeat_of, point_of_care
       FROM feed_messages WHERE feed = 'hl7' AND customer_id = 'demo' AND control_id = $1 ORDER BY id`,
    [controlId],
  );
  return rows;
}

/** The board's row of the visit with this visit number, once it shows. */
async function shownAs(externalId: string): Promise<string> {
  let shown: string | undefined;
  await eventually(async () => {
    const [visit] = await visits(externalId);
    shown = visit ? (board.rows().get(`visit:${visit.id}`)?.display_name as string | undefined) : undefined;
    return shown !== undefined;
  });
  return shown as string;
}

const text = (...segments: string[]) => Buffer.from(segments.join('\r'), 'latin1');
const msh = (control: string, extra = '') =>
  `MSH|^~\\&|TEST-EHR|TEST-HOSP|CAREBOARD|demo|20261124101530||ADT^A04^ADT_A01|${control}|P|2.5.1${extra}`;
const pv1 = (visitNumber: string, pointOfCare = 'AS-SENT') =>
  `PV1|1|O|${pointOfCare}^^^TEST${'|'.repeat(16)}${visitNumber}`;

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({
    env: { HL7_MLLP_PORT: String(port), HL7_MLLP_MAX_FRAME_BYTES: String(MAX_FRAME_BYTES) },
  });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const workflowId = await boardOneWorkflowId(sql);
  // A mapped point of care, and no catch-all: the default since migration 0211. The catch-all's
  // workflow is one board 1 does not show, so a patient put there is not taken for a mapped one.
  await sql.query(
    `INSERT INTO adt_points_of_care (customer_id, point_of_care, workflow_id) VALUES ('demo', 'AS-SENT', $1)`,
    [workflowId],
  );
  await sql.query(
    `UPDATE customers SET adt_workflow_id = (
       SELECT min(id) FROM workflows w WHERE customer_id = 'demo' AND NOT EXISTS (
         SELECT 1 FROM display_board_workflows d
          WHERE d.customer_id = 'demo' AND d.display_board_id = 1 AND d.workflow_id = w.id))
      WHERE id = 'demo'`,
  );
  board = followWorkflowBoard(server, await accessToken(server), 1);
  await eventually(() => board.frames.length > 0);
});

afterAll(async () => {
  await board?.close();
  await sql?.end();
  await server?.close();
});

describe('the identity of a message: its sender and MSH-10 (FEED-58)', () => {
  it('applies the same control id from two sending applications as two messages', async () => {
    const first = await send({
      event: 'A04',
      sendingApplication: 'EHR-A',
      controlId: 'ID-101',
      visitNumber: 'ID-V1',
      name: 'Alpha^Ann',
    });
    const second = await send({
      event: 'A04',
      sendingApplication: 'EHR-B',
      controlId: 'ID-101',
      visitNumber: 'ID-V2',
      name: 'Beta^Ben',
    });
    expect([first.code, second.code]).toEqual(['AA', 'AA']);
    expect(await shownAs('ID-V1')).toBe('Ann A.');
    expect(await shownAs('ID-V2')).toBe('Ben B.');
  });

  it('answers a repeat with the same content as received, and one with other content AE, kept beside it', async () => {
    const again = await send({
      event: 'A04',
      sendingApplication: 'EHR-A',
      controlId: 'ID-101',
      visitNumber: 'ID-V1',
      name: 'Alpha^Ann',
    });
    expect(again).toMatchObject({ code: 'AA', text: 'OK: already received; nothing changed' });
    const clash = await send({
      event: 'A04',
      sendingApplication: 'EHR-A',
      controlId: 'ID-101',
      visitNumber: 'ID-V3',
      name: 'Gamma^Gil',
    });
    expect(clash).toMatchObject({ code: 'AE', errorCode: '205' });
    expect(clash.text).toContain('MSH-10 (message control id) was used before by this sender');
    expect(await visits('ID-V3')).toEqual([]);
    const rows = await stored('ID-101');
    expect(rows.map((row) => [row.sending_application, row.status, row.repeat_of === null])).toEqual([
      ['EHR-A', 'applied', true],
      ['EHR-B', 'applied', true],
      ['EHR-A', 'error', false],
    ]);
  });
});

describe('one frame, the messages in it (FEED-61)', () => {
  it('answers two messages in one frame with two ACKs, in order, and applies both', async () => {
    const connection = await openByteConnection(port);
    const answers = await connection.exchange(
      text(
        msh('TWO-1'),
        'PID|1||P-TWO-1^^^TEST^MR||One^Olga',
        pv1('TWO-V1'),
        msh('TWO-2'),
        'PID|1||P-TWO-2^^^TEST^MR||Two^Tom',
        pv1('TWO-V2'),
      ),
      2,
    );
    await connection.close();
    expect(answers.map((answer) => [ackOfBytes(answer).code, ackOfBytes(answer).controlId])).toEqual([
      ['AA', 'TWO-1'],
      ['AA', 'TWO-2'],
    ]);
    expect(await shownAs('TWO-V1')).toBe('Olga O.');
    expect(await shownAs('TWO-V2')).toBe('Tom T.');
  });

  it('answers a batch (FHS, BHS, BTS, FTS) with a batch of ACKs, one per message', async () => {
    const connection = await openByteConnection(port);
    const [answer] = await connection.exchange(
      text(
        'FHS|^~\\&|TEST-EHR|TEST-HOSP|CAREBOARD|demo|20261124101530||||FILE-7',
        'BHS|^~\\&|TEST-EHR|TEST-HOSP|CAREBOARD|demo|20261124101530||||BATCH-7',
        msh('BATCH-1'),
        'PID|1||P-B1^^^TEST^MR||Batch^Bea',
        pv1('BATCH-V1'),
        msh('BATCH-2'),
        'PID|1||P-B2^^^TEST^MR||Batch^Bo',
        pv1('BATCH-V2'),
        'BTS|2',
        'FTS|1',
      ),
    );
    const segments = (answer as Buffer).toString('latin1').split('\r');
    expect(segments.map((segment) => segment.slice(0, 3))).toEqual([
      'FHS',
      'BHS',
      'MSH',
      'MSA',
      'MSH',
      'MSA',
      'BTS',
      'FTS',
    ]);
    expect(segments[0]?.split('|')[11]).toBe('FILE-7');
    expect(segments[1]?.split('|')[11]).toBe('BATCH-7');
    expect(segments.filter((segment) => segment.startsWith('MSA'))).toEqual([
      expect.stringMatching(/^MSA\|AA\|BATCH-1\|/),
      expect.stringMatching(/^MSA\|AA\|BATCH-2\|/),
    ]);
    expect(segments.slice(6)).toEqual(['BTS|2', 'FTS|1']);
    expect(await shownAs('BATCH-V1')).toBe('Bea B.');
    expect(await shownAs('BATCH-V2')).toBe('Bo B.');

    // A batch whose trailer counts otherwise was cut short: each message refused, none applied.
    const [short] = await connection.exchange(
      text(
        'BHS|^~\\&|TEST-EHR',
        msh('SHORT-1'),
        'PID|1||P-S1^^^TEST^MR||Short^Sam',
        pv1('SHORT-V1'),
        'BTS|3',
      ),
    );
    await connection.close();
    expect((short as Buffer).toString('latin1')).toMatch(
      /MSA\|AR\|SHORT-1\|BTS-1 says the batch holds 3 messages but it holds 1/,
    );
    expect(await visits('SHORT-V1')).toEqual([]);
  });
});

describe('character sets (FEED-59)', () => {
  it('reads an 8859/1 message as 8859/1, shows it right, and keeps its bytes as received', async () => {
    const bytes = Buffer.concat([
      text(msh('LATIN-1', '||||||8859/1'), 'PID|1||P-L1^^^TEST^MR||M'),
      Buffer.from([0xfc]), // ü
      text('ller^Zo'),
      Buffer.from([0xeb]), // ë
      text('', pv1('LATIN-V1')),
    ]);
    const connection = await openByteConnection(port);
    const [answer] = await connection.exchange(bytes);
    expect(ackOfBytes(answer as Buffer).code).toBe('AA');
    expect(await shownAs('LATIN-V1')).toBe('Zoë M.');
    expect((await visits('LATIN-V1'))[0]).toMatchObject({ first_name: 'Zoë', last_name: 'Müller' });
    const [row] = await stored('LATIN-1');
    expect(row?.body_bytes?.equals(bytes)).toBe(true);
    expect(row?.charset).toBe('8859/1');

    // A sender that leaves MSH-18 empty is read in its facility's default.
    await sql.query("UPDATE adt_facilities SET charset = '8859/1' WHERE facility = 'demo'");
    try {
      const [plain] = await connection.exchange(
        Buffer.concat([
          text(msh('LATIN-2'), 'PID|1||P-L2^^^TEST^MR||Nu'),
          Buffer.from([0xf1]),
          text('ez^Ana', pv1('LATIN-V2')),
        ]),
      );
      expect(ackOfBytes(plain as Buffer).code).toBe('AA');
      expect((await visits('LATIN-V2'))[0]).toMatchObject({ last_name: 'Nuñez' });
    } finally {
      await sql.query("UPDATE adt_facilities SET charset = NULL WHERE facility = 'demo'");
      await connection.close();
    }
  });

  it('answers AE for bytes that are not of the character set named, and keeps them, never as U+FFFD', async () => {
    const bytes = Buffer.concat([
      text(msh('BAD-UTF8', '||||||UNICODE UTF-8'), 'PID|1||P-U1^^^TEST^MR||Zo'),
      Buffer.from([0xeb]),
      text('^Ann', pv1('BAD-V1')),
    ]);
    const connection = await openByteConnection(port);
    const [answer] = await connection.exchange(bytes);
    await connection.close();
    const ack = ackOfBytes(answer as Buffer);
    expect(ack.code).toBe('AE');
    expect(ack.text).toMatch(/not valid UTF-8 at byte \d+/);
    expect(await visits('BAD-V1')).toEqual([]);
    const [row] = await stored('BAD-UTF8');
    expect(row).toMatchObject({ status: 'error', body: '' });
    expect(row?.body_bytes?.equals(bytes)).toBe(true);
    expect(row?.body).not.toContain('\uFFFD');
  });
});

describe('nulls and empties (FEED-62)', () => {
  it('never takes "" in PV1-19 for a visit number, and never renames another patient’s visit', async () => {
    expect(
      (
        await send({
          event: 'A01',
          controlId: 'NULL-1',
          patientId: 'P-N1',
          visitNumber: 'NULL-V1',
          name: 'First^Fay',
        })
      ).code,
    ).toBe('AA');
    const nulled = await send({
      event: 'A01',
      controlId: 'NULL-2',
      patientId: 'P-N2',
      visitNumber: '""',
      name: 'Second^Sid',
    });
    expect(nulled.code).toBe('AA');
    // The visit is known by the patient's identifier instead, and the first visit keeps its name.
    expect(await shownAs('P-N2')).toBe('Sid S.');
    expect(await visits('""')).toEqual([]);
    const other = await send({
      event: 'A01',
      controlId: 'NULL-3',
      patientId: 'P-N3',
      visitNumber: 'NULL-V1',
      name: 'Third^Tia',
    });
    expect(other).toMatchObject({ code: 'AE', errorCode: '205' });
    expect(other.text).toContain('in progress for another patient identifier (PID-3)');
    expect(await shownAs('NULL-V1')).toBe('Fay F.');
  });
});

describe('points of care (FEED-63)', () => {
  it('answers an admit for an unmapped point of care AA, shows it on no board, and counts it', async () => {
    const unmapped = await send({
      event: 'A04',
      controlId: 'UNMAPPED-1',
      visitNumber: 'UNMAPPED-V1',
      pointOfCare: 'Oncology',
      name: 'Away^Ava',
    });
    expect(unmapped.code).toBe('AA');
    expect(unmapped.text).toBe(
      'PV1-3.1 (point of care) oncology is mapped to no workflow: answered, shown on no board',
    );
    expect(await visits('UNMAPPED-V1')).toEqual([]);
    expect(await stored('UNMAPPED-1')).toMatchObject([
      { status: 'ignored', ack_code: 'AA', point_of_care: 'oncology' },
    ]);
    // A discharge of that patient is answered the same way: it was never on a board.
    const discharged = await send({
      event: 'A03',
      controlId: 'UNMAPPED-2',
      visitNumber: 'UNMAPPED-V1',
      pointOfCare: 'ONCOLOGY',
      name: '',
    });
    expect(discharged.code).toBe('AA');
    const { rows } = await sql.query(
      "SELECT messages FROM adt_unmapped_points_of_care WHERE customer_id = 'demo' AND point_of_care = 'oncology'",
    );
    expect(rows).toEqual([{ messages: 2 }]);
  });

  it('matches a mapped point of care trimmed and without regard to case', async () => {
    expect(
      (
        await send({
          event: 'A04',
          controlId: 'CASE-1',
          visitNumber: 'CASE-V1',
          pointOfCare: ' as-sent ',
          name: 'Lower^Lou',
        })
      ).code,
    ).toBe('AA');
    expect(await shownAs('CASE-V1')).toBe('Lou L.');
  });
});

describe('test traffic (FEED-64)', () => {
  it('answers a training message AA with its processing id and applies it only at a test facility', async () => {
    const training = await send({
      event: 'A04',
      controlId: 'TRAIN-1',
      processingId: 'T',
      visitNumber: 'TRAIN-V1',
      name: 'Trainee^Tess',
    });
    expect(training.code).toBe('AA');
    expect(training.text).toContain('MSH-11 (processing id) is T, not P: answered, not applied');
    expect(training.message.getSegment('MSH')?.getField(11)?.toString()).toBe('T');
    expect(await visits('TRAIN-V1')).toEqual([]);
    await sql.query("UPDATE adt_facilities SET test_facility = true WHERE facility = 'demo'");
    try {
      const rehearsal = await send({
        event: 'A04',
        controlId: 'TRAIN-2',
        processingId: 'T',
        visitNumber: 'TRAIN-V2',
        name: 'Trainee^Tom',
      });
      expect(rehearsal).toMatchObject({ code: 'AA', text: 'OK' });
      expect(await shownAs('TRAIN-V2')).toBe('Tom T.');
    } finally {
      await sql.query("UPDATE adt_facilities SET test_facility = false WHERE facility = 'demo'");
    }
  });
});

describe('frame sizes (FEED-60)', () => {
  it('answers a frame over the limit AR naming it, records it, and keeps the connection', async () => {
    const connection = await openByteConnection(port);
    const big = text(
      msh('BIG-1'),
      'PID|1||P-BIG^^^TEST^MR||Big^Bill',
      pv1('BIG-V1'),
      `NTE|1||${'x'.repeat(MAX_FRAME_BYTES)}`,
    );
    const [refused] = await connection.exchange(big);
    const ack = ackOfBytes(refused as Buffer);
    expect(ack).toMatchObject({ code: 'AR', controlId: 'BIG-1' });
    expect(ack.text).toBe(
      `the frame is ${big.length} bytes, over the limit of ${MAX_FRAME_BYTES} bytes (HL7_MLLP_MAX_FRAME_BYTES); nothing in it was applied`,
    );
    const { rows } = await sql.query(
      "SELECT status, body FROM feed_messages WHERE customer_id = 'demo' AND reason LIKE 'the frame is % bytes%'",
    );
    expect(rows).toEqual([{ status: 'rejected', body: '' }]);
    const [after] = await connection.exchange(
      text(msh('AFTER-BIG'), 'PID|1||P-AB^^^TEST^MR||After^Al', pv1('AFTER-V1')),
    );
    await connection.close();
    expect(ackOfBytes(after as Buffer)).toMatchObject({ code: 'AA', controlId: 'AFTER-BIG' });
    expect(await visits('BIG-V1')).toEqual([]);
  });
});

describe('escapes (FEED-65)', () => {
  it('decodes hexadecimal escapes and drops formatting ones in what a board shows', async () => {
    const escaped = await send({
      event: 'A04',
      controlId: 'ESC-1',
      visitNumber: 'ESC-V1',
      name: 'M\\H\\\\XC3BC\\\\N\\ller^J\\XC3B6\\rg',
    });
    expect(escaped.code).toBe('AA');
    expect(await shownAs('ESC-V1')).toBe('Jörg M.');
    expect((await visits('ESC-V1'))[0]).toMatchObject({ last_name: 'Müller', first_name: 'Jörg' });
  });
});
