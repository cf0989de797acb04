/**
 * HL7 v2 ADT over MLLP (decisions FEED-08 to FEED-21, product §10): a real server with
 * HL7_MLLP_PORT, messages sent over a real socket with @medplum/hl7's client, the visit followed
 * on the demo's workflow board over its GraphQL subscription, as a screen sees it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import {
  adtMessage,
  boardOneWorkflowId,
  eventually,
  followWorkflowBoard,
  frame,
  sendAdt,
  sendRaw,
  type TestAdt,
} from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

let server: TestServer;
let sql: pg.Client;
let port: number;
let token: string;
/** The workflow demo board 1 shows: the demo's default ADT workflow. */
let workflowId: number;
let phases: number[];
let room: { id: number; name: string };

const send = (adt: TestAdt) => sendAdt(port, adtMessage(adt));

async function visitsWithExternalId(customerId: string, externalId: string) {
  const { rows } = await sql.query<{ id: number; completed_at: Date | null; display_name: string }>(
    'SELECT id, completed_at, display_name FROM visits WHERE customer_id = $1 AND external_id = $2 ORDER BY id',
    [customerId, externalId],
  );
  return rows;
}

async function storedMessage(controlId: string | null, customerId: string | null = 'demo') {
  const { rows } = await sql.query<{ status: string; ack_code: string; reason: string | null; body: string }>(
    `SELECT status, ack_code, reason, body FROM feed_messages
      WHERE feed = 'hl7' AND customer_id IS NOT DISTINCT FROM $1 AND control_id IS NOT DISTINCT FROM $2
      ORDER BY id`,
    [customerId, controlId],
  );
  return rows;
}

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(port) } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  token = await accessToken(server);
  workflowId = await boardOneWorkflowId(sql);
  await sql.query("UPDATE customers SET adt_workflow_id = $1, adt_catch_all = true WHERE id = 'demo'", [
    workflowId,
  ]);
  phases = (
    await sql.query<{ id: number }>('SELECT id FROM phases WHERE workflow_id = $1 ORDER BY position', [
      workflowId,
    ])
  ).rows.map((row) => row.id);
  // A02 to point of care HL7-XFER moves the visit to the workflow's second phase.
  await sql.query(
    `INSERT INTO adt_points_of_care (customer_id, point_of_care, workflow_id, phase_id) VALUES ('demo', 'HL7-XFER', $1, $2)`,
    [workflowId, phases[1]],
  );
  room = (
    await sql.query<{ id: number; name: string }>(
      "SELECT id, name FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 1",
    )
  ).rows[0] as { id: number; name: string };
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
});

describe('ADT A04, A08, A02, A03 over MLLP', () => {
  it('admits, renames, moves and completes a visit, each answered AA, as the workflow board shows', async () => {
    const board = followWorkflowBoard(server, token, 1);
    await eventually(() => board.frames.length > 0);
    const visitRow = (id: number) => board.rows().get(`visit:${id}`);

    const admitted = await send({
      event: 'A04',
      controlId: 'ADT-1',
      visitNumber: 'V-100',
      name: 'Testperson^Anna',
    });
    expect(admitted).toMatchObject({ code: 'AA', controlId: 'ADT-1' });
    expect(admitted.message.getSegment('MSH')?.getComponent(3, 1)).toBe('CAREBOARD');
    expect(admitted.message.getSegment('MSH')?.getComponent(5, 1)).toBe('TEST-EHR');
    const [visit] = await visitsWithExternalId('demo', 'V-100');
    if (!visit) throw new Error('no visit was made');
    await eventually(() => visitRow(visit.id)?.display_name === 'Anna T.');
    expect(visitRow(visit.id)).toMatchObject({ workflow_id: workflowId, phase_id: phases[0] });

    const renamed = await send({
      event: 'A08',
      controlId: 'ADT-2',
      visitNumber: 'V-100',
      name: 'Testperson^Anne',
    });
    expect(renamed).toMatchObject({ code: 'AA', controlId: 'ADT-2' });
    await eventually(() => visitRow(visit.id)?.display_name === 'Anne T.');

    const moved = await send({
      event: 'A02',
      controlId: 'ADT-3',
      visitNumber: 'V-100',
      name: '',
      pointOfCare: 'HL7-XFER',
      room: room.name,
    });
    expect(moved).toMatchObject({ code: 'AA', controlId: 'ADT-3' });
    await eventually(
      () => visitRow(visit.id)?.phase_id === phases[1] && visitRow(visit.id)?.location_name === room.name,
    );

    const discharged = await send({ event: 'A03', controlId: 'ADT-4', visitNumber: 'V-100', name: '' });
    expect(discharged).toMatchObject({ code: 'AA', controlId: 'ADT-4' });
    await eventually(() => visitRow(visit.id) === undefined);
    expect((await visitsWithExternalId('demo', 'V-100'))[0]?.completed_at).not.toBeNull();

    const audit = await sql.query<{ route: string; action: string }>(
      `SELECT route, action FROM audit_events
        WHERE customer_id = 'demo' AND actor = 'feed:hl7' AND actor_kind = 'feed' AND entity = 'visits' AND entity_id = $1
        ORDER BY id`,
      [String(visit.id)],
    );
    expect(audit.rows).toEqual([
      { route: 'MLLP ADT^A04', action: 'create' },
      { route: 'MLLP ADT^A08', action: 'update' },
      { route: 'MLLP ADT^A02', action: 'update' },
      { route: 'MLLP ADT^A03', action: 'update' },
    ]);
    const stored = await storedMessage('ADT-1');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'applied', ack_code: 'AA' });
    expect(stored[0]?.body).toContain('MSH|^~\\&|TEST-EHR');

    // A13 cancels the discharge: the visit is back on the board; A11 cancels the admit: gone again.
    expect(await send({ event: 'A13', controlId: 'ADT-5', visitNumber: 'V-100', name: '' })).toMatchObject({
      code: 'AA',
    });
    await eventually(() => visitRow(visit.id)?.phase_id === phases[1]);
    expect(await send({ event: 'A11', controlId: 'ADT-6', visitNumber: 'V-100', name: '' })).toMatchObject({
      code: 'AA',
    });
    await eventually(() => visitRow(visit.id) === undefined);
    await board.close();
  });

  it('changes nothing for a repeated message (its sender and control id), and answers it AA again', async () => {
    const first = await send({
      event: 'A04',
      controlId: 'ADT-R1',
      visitNumber: 'V-200',
      name: 'Repeat^Rita',
    });
    expect(first.code).toBe('AA');
    const changesBefore = await sql.query(
      "SELECT count(*)::int AS n FROM change_log WHERE customer_id = 'demo'",
    );
    // The same message again (its sender and control id, FEED-58) changes nothing.
    const again = await send({
      event: 'A04',
      controlId: 'ADT-R1',
      visitNumber: 'V-200',
      name: 'Repeat^Rita',
    });
    expect(again).toMatchObject({ code: 'AA', controlId: 'ADT-R1' });
    expect(await visitsWithExternalId('demo', 'V-200')).toHaveLength(1);
    expect(await storedMessage('ADT-R1')).toHaveLength(1);
    const changesAfter = await sql.query(
      "SELECT count(*)::int AS n FROM change_log WHERE customer_id = 'demo'",
    );
    expect(changesAfter.rows[0].n).toBe(changesBefore.rows[0].n);
    // A new control id admitting the same visit number updates that visit: still one.
    expect(
      (await send({ event: 'A01', controlId: 'ADT-R2', visitNumber: 'V-200', name: 'Repeat^Rita' })).code,
    ).toBe('AA');
    expect(await visitsWithExternalId('demo', 'V-200')).toHaveLength(1);
  });
});

describe('messages that are not applied', () => {
  it('answers a malformed admit AE with the reason, stores it as an error, and makes no visit', async () => {
    const noName = await send({ event: 'A04', controlId: 'BAD-1', visitNumber: 'V-300', name: '' });
    expect(noName).toMatchObject({ code: 'AE', controlId: 'BAD-1', errorCode: '101' });
    expect(noName.text).toContain('PID-5');
    expect(await visitsWithExternalId('demo', 'V-300')).toHaveLength(0);
    expect(await storedMessage('BAD-1')).toEqual([
      expect.objectContaining({ status: 'error', ack_code: 'AE', reason: expect.stringContaining('PID-5') }),
    ]);

    const unknownEvent = await send({ event: 'A99', controlId: 'BAD-2', visitNumber: 'V-301' });
    expect(unknownEvent).toMatchObject({ code: 'AE', errorCode: '201' });
    expect(unknownEvent.text).toContain('A99');

    // No MSH-10: sent raw, as @medplum/hl7's client refuses to send it.
    const [noControlId] = await sendRaw(port, frame(adtMessage({ event: 'A04', visitNumber: 'V-302' })));
    expect(noControlId).toContain('MSA|AE||MSH-10');
    expect(await visitsWithExternalId('demo', 'V-302')).toHaveLength(0);
  });

  it('never names the patient in a reason or a log line', async () => {
    await send({
      event: 'A04',
      controlId: 'BAD-3',
      visitNumber: '',
      patientId: '',
      name: 'Secretname^Zelda',
    });
    const stored = await storedMessage('BAD-3');
    expect(stored[0]?.status).toBe('error');
    expect(stored[0]?.reason).not.toMatch(/Secretname|Zelda/);
    expect(JSON.stringify(server.logs)).not.toMatch(/Secretname|Zelda|Testperson|Anna|Rita/);
  });

  it('answers a receiving facility that names no customer AR, and keeps it without a customer', async () => {
    const ack = await send({ event: 'A04', controlId: 'FAC-1', facility: 'NOWHERE', visitNumber: 'V-400' });
    expect(ack).toMatchObject({ code: 'AR', controlId: 'FAC-1', errorCode: '204' });
    expect(ack.text).toContain('MSH-6');
    expect(await storedMessage('FAC-1', null)).toEqual([
      expect.objectContaining({ status: 'rejected', ack_code: 'AR' }),
    ]);
  });

  it('answers AR for a visit it does not know', async () => {
    const unknown = await send({ event: 'A03', controlId: 'MAP-1', visitNumber: 'V-NONE', name: '' });
    expect(unknown).toMatchObject({ code: 'AR', errorCode: '204' });
    expect(await storedMessage('MAP-1')).toEqual([expect.objectContaining({ status: 'rejected' })]);
  });

  it('answers AE when cancelling a discharge would give a visit in progress a family code another holds', async () => {
    expect(
      (await send({ event: 'A04', controlId: 'RE-1', visitNumber: 'V-600', name: 'Again^Alma' })).code,
    ).toBe('AA');
    expect((await send({ event: 'A03', controlId: 'RE-2', visitNumber: 'V-600', name: '' })).code).toBe('AA');
    // Another patient arrives and is given the same family code.
    await sql.query(
      `UPDATE visits SET family_code = (SELECT family_code FROM visits WHERE customer_id = 'demo' AND external_id = 'V-600')
        WHERE id = (SELECT min(id) FROM visits WHERE customer_id = 'demo' AND completed_at IS NULL)`,
    );
    const reopen = await send({ event: 'A13', controlId: 'RE-3', visitNumber: 'V-600', name: '' });
    expect(reopen.code).toBe('AE');
    expect(reopen.text).toContain('family_code');
    expect((await visitsWithExternalId('demo', 'V-600'))[0]?.completed_at).not.toBeNull();
  });

  it('survives garbage bytes and a frame that is not HL7, then still applies a message', async () => {
    const answers = await sendRaw(
      port,
      Buffer.concat([
        Buffer.from('GET / HTTP/1.1\r\n\r\n\u0000\u00ff'),
        frame('HELLO|not hl7'),
        Buffer.from([0x1c, 0x0d]),
      ]),
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]).toContain('MSA|AE||no MSH segment');
    expect(
      (await send({ event: 'A04', controlId: 'AFTER-1', visitNumber: 'V-500', name: 'After^Ada' })).code,
    ).toBe('AA');
  });
});

describe('customers', () => {
  it('reaches only the customer the facility mapping names, never another', async () => {
    await sql.query(
      "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
    );
    const { rows } = await sql.query<{ id: number }>(
      `WITH s AS (INSERT INTO sites (customer_id, name, default_timezone) VALUES ('bravo', 'Bravo site', 'UTC') RETURNING id),
            d AS (INSERT INTO departments (customer_id, site_id, name) SELECT 'bravo', id, 'Bravo dept' FROM s RETURNING id)
       INSERT INTO workflows (customer_id, department_id, name) SELECT 'bravo', id, 'Bravo flow' FROM d RETURNING id`,
    );
    const bravoWorkflow = rows[0]?.id as number;
    await sql.query(
      "INSERT INTO phases (customer_id, workflow_id, name, position, color, kind) VALUES ('bravo', $1, 'Arrived', 1, '#336699', 'waiting')",
      [bravoWorkflow],
    );
    // Bravo's facility takes this test's sender from this machine (decision FEED-52).
    await sql.query("INSERT INTO adt_facilities (facility, customer_id) VALUES ('BRAVO-GENERAL', 'bravo')");
    await sql.query(
      "INSERT INTO adt_senders (customer_id, facility, sending_application, addresses) VALUES ('bravo', 'BRAVO-GENERAL', 'TEST-EHR', '{127.0.0.1}')",
    );
    // No point-of-care mapping and no catch-all: shown on no board, answered AA (FEED-63).
    const nowhere = await send({
      event: 'A04',
      controlId: 'B-0',
      facility: 'BRAVO-GENERAL',
      visitNumber: 'V-B0',
      name: 'Other^Olga',
    });
    expect(nowhere).toMatchObject({ code: 'AA' });
    expect(nowhere.text).toContain('shown on no board');
    expect(await visitsWithExternalId('bravo', 'V-B0')).toHaveLength(0);
    await sql.query("UPDATE customers SET adt_workflow_id = $1, adt_catch_all = true WHERE id = 'bravo'", [
      bravoWorkflow,
    ]);

    const ack = await send({
      event: 'A04',
      controlId: 'ADT-1',
      facility: 'BRAVO-GENERAL',
      visitNumber: 'V-100',
      name: 'Other^Olga',
    });
    expect(ack.code).toBe('AA');
    // The same control id and visit number as the demo's: bravo's own, the demo's untouched.
    expect(await visitsWithExternalId('bravo', 'V-100')).toHaveLength(1);
    expect(await visitsWithExternalId('demo', 'V-100')).toHaveLength(1);
    const bravoVisit = (await visitsWithExternalId('bravo', 'V-100'))[0];
    expect(bravoVisit?.completed_at).toBeNull();
    // Bravo's facility cannot discharge the demo's V-200, nor the demo bravo's V-100.
    expect(
      (
        await send({
          event: 'A03',
          controlId: 'X-1',
          facility: 'BRAVO-GENERAL',
          visitNumber: 'V-200',
          name: '',
        })
      ).code,
    ).toBe('AR');
    expect((await visitsWithExternalId('demo', 'V-200'))[0]?.completed_at).toBeNull();
    expect(
      (
        await send({
          event: 'A08',
          controlId: 'X-2',
          facility: 'demo',
          visitNumber: 'V-500',
          name: 'Other^Olga',
        })
      ).code,
    ).toBe('AA');
    expect((await visitsWithExternalId('bravo', 'V-100'))[0]?.display_name).toBe('Olga O.');
  });
});
