/**
 * The HL7 feed's tools for an interface analyst (decision FEED-67), against a real server and
 * real MLLP: the points of care nothing maps, a one-click map that reads their messages again
 * and puts the patients on the board (its GraphQL frames), a stored message read again after a
 * fix, and a dry run that applies and stores nothing, each only for the caller's customer.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import {
  adtMessage,
  boardOneWorkflowId,
  eventually,
  followWorkflowBoard,
  openByteConnection,
  sendAdt,
} from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'read:departments write:* update:customer*';

let server: TestServer;
let sql: pg.Client;
let port: number;
let demo: Awaited<ReturnType<typeof apiClient>>;
let bravo: Awaited<ReturnType<typeof apiClient>>;
let reader: Awaited<ReturnType<typeof apiClient>>;
let board: ReturnType<typeof followWorkflowBoard>;
/** The workflow board 1 shows. */
let workflowId: number;

type Body = Record<string, unknown>;
const bodyOf = (answer: ApiAnswer) => answer.body as Body;

async function rowCount(table: string): Promise<number> {
  return (await sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE customer_id = 'demo'`)).rows[0].n;
}

async function visitId(externalId: string): Promise<number | undefined> {
  const { rows } = await sql.query(
    "SELECT id FROM visits WHERE customer_id = 'demo' AND external_id = $1 AND completed_at IS NULL",
    [externalId],
  );
  return rows[0]?.id;
}

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(port), CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
  );
  workflowId = await boardOneWorkflowId(sql);
  demo = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: 'hl7-analyst' }));
  bravo = await apiClient(
    server,
    await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo', sub: 'bravo-analyst' }),
  );
  reader = await apiClient(server, await accessToken(server, { scope: 'read:departments', sub: 'reader' }));
  board = followWorkflowBoard(server, await accessToken(server), 1);
  await eventually(() => board.frames.length > 0);
});

afterAll(async () => {
  await board?.close();
  await sql?.end();
  await server?.close();
});

describe('the dry run', () => {
  it('says what an admit to an unmapped point of care would get, and applies and stores nothing', async () => {
    const [messages, visits] = [await rowCount('feed_messages'), await rowCount('visits')];
    const text = adtMessage({
      event: 'A01',
      controlId: 'DRY-1',
      visitNumber: 'DRY-V1',
      pointOfCare: 'Cardiology',
      name: 'Dry^Dora',
    }).replaceAll('\r', '\n');
    const answer = await demo('POST', '/feeds/hl7/dry-run', { text });
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toEqual({
      refusal: null,
      messages: [
        expect.objectContaining({
          index: 1,
          control_id: 'DRY-1',
          message_type: 'ADT^A01',
          facility: { name: 'demo', mapped: true, test_facility: false },
          sender: { application: 'TEST-EHR', facility: 'TEST-HOSP', listed: true },
          fields: expect.objectContaining({
            visit_number: 'DRY-V1',
            family_name: 'Dry',
            given_name: 'Dora',
            point_of_care: 'Cardiology',
          }),
          place: { status: 'not_mapped', mapping_id: null, workflow_id: null, workflow_name: null },
          answer: {
            code: 'AA',
            reason:
              'PV1-3.1 (point of care) cardiology is mapped to no workflow: answered, shown on no board',
            error_code: null,
          },
          effect: null,
        }),
      ],
    });
    expect([await rowCount('feed_messages'), await rowCount('visits')]).toEqual([messages, visits]);
  });

  it('says which visit and boards a mapped admit would change, in the file’s own character set', async () => {
    await sql.query(
      "INSERT INTO adt_points_of_care (customer_id, point_of_care, workflow_id) VALUES ('demo', 'DRY-WARD', $1)",
      [workflowId],
    );
    // Latin-1 bytes, as a file from an 8859/1 sender holds them.
    const bytes = Buffer.from(
      adtMessage({
        event: 'A04',
        controlId: 'DRY-2',
        visitNumber: 'DRY-V2',
        pointOfCare: 'dry-ward',
        name: 'Müller^Zoë',
        charset: '8859/1',
      }),
      'latin1',
    );
    const answer = await demo('POST', '/feeds/hl7/dry-run', { base64: bytes.toString('base64') });
    const [message] = bodyOf(answer).messages as Body[];
    expect(message).toMatchObject({
      charset: '8859/1',
      fields: { family_name: 'Müller', given_name: 'Zoë' },
      place: { status: 'mapped', workflow_id: workflowId },
      answer: { code: 'AA', reason: null },
      effect: {
        kind: 'admit',
        visit_id: null,
        workflow_id: workflowId,
        boards: expect.arrayContaining([expect.objectContaining({ id: 1 })]),
      },
    });
    expect(await visitId('DRY-V2')).toBeUndefined();
  });

  it('tells another customer’s facility from the caller’s own without saying whose it is', async () => {
    const answer = await bravo('POST', '/feeds/hl7/dry-run', {
      text: adtMessage({ event: 'A04', controlId: 'DRY-3', visitNumber: 'DRY-V3', pointOfCare: 'DRY-WARD' }),
    });
    expect((bodyOf(answer).messages as Body[])[0]).toMatchObject({
      facility: { name: 'demo', mapped: false },
      place: { status: 'not_mapped' },
      answer: { code: 'AR', error_code: '204' },
      effect: null,
    });
  });

  it('is for the customer’s admins, and refuses a body that is neither text nor base64', async () => {
    expect((await reader('POST', '/feeds/hl7/dry-run', { text: 'MSH|' })).status).toBe(403);
    expect(await demo('POST', '/feeds/hl7/dry-run', { base64: 'not base64!' })).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
    expect(bodyOf(await demo('POST', '/feeds/hl7/dry-run', { text: 'hello' }))).toEqual({
      messages: [],
      refusal: 'no MSH segment',
    });
  });
});

describe('unmapped points of care and the one-click map', () => {
  it('lists a point of care nothing maps, maps it, and reads its messages again onto the board', async () => {
    const sent = await sendAdt(
      port,
      adtMessage({
        event: 'A01',
        controlId: 'MAP-1',
        visitNumber: 'MAP-V1',
        pointOfCare: 'Neuro',
        name: 'Mapped^Mia',
      }),
    );
    expect(sent.code).toBe('AA');
    expect(await visitId('MAP-V1')).toBeUndefined();
    const listed = await demo('GET', '/adt/unmapped-points-of-care');
    expect(bodyOf(listed)).toMatchObject({
      items: [expect.objectContaining({ point_of_care: 'neuro', messages: 1 })],
      total: 1,
    });
    expect((await bravo('GET', '/adt/unmapped-points-of-care')).body).toMatchObject({ items: [], total: 0 });

    const mapped = await demo('POST', '/adt/unmapped-points-of-care/map', {
      point_of_care: 'neuro',
      workflow_id: workflowId,
    });
    expect(mapped).toMatchObject({
      status: 201,
      body: { point: { point_of_care: 'neuro', workflow_id: workflowId }, replayed: 1, applied: 1 },
    });
    await eventually(async () => {
      const id = await visitId('MAP-V1');
      return id !== undefined && board.rows().get(`visit:${id}`)?.display_name === 'Mia M.';
    });
    expect((await demo('GET', '/adt/unmapped-points-of-care')).body).toMatchObject({ total: 0 });
    const { rows } = await sql.query(
      "SELECT status, ack_code, reason FROM feed_messages WHERE control_id = 'MAP-1'",
    );
    expect(rows).toEqual([{ status: 'applied', ack_code: 'AA', reason: null }]);
    // The next message for that point of care comes in mapped.
    expect(
      (
        await sendAdt(
          port,
          adtMessage({ event: 'A04', controlId: 'MAP-2', visitNumber: 'MAP-V2', pointOfCare: 'NEURO' }),
        )
      ).text,
    ).toBe('OK');
  });

  it('maps only with write:*, and a workflow of the caller’s own', async () => {
    expect(
      (
        await reader('POST', '/adt/unmapped-points-of-care/map', {
          point_of_care: 'x',
          workflow_id: workflowId,
        })
      ).status,
    ).toBe(403);
    expect(
      await bravo('POST', '/adt/unmapped-points-of-care/map', {
        point_of_care: 'x',
        workflow_id: workflowId,
      }),
    ).toMatchObject({
      status: 422,
      body: { code: 'NO_MASTER_ENTITY_FOUND' },
    });
  });
});

describe('a stored message read again', () => {
  it('applies a message refused for its bytes once the facility’s character set is set', async () => {
    // Latin-1 bytes and no MSH-18: read as UTF-8 they are not valid.
    const latin1 = Buffer.from(
      adtMessage({
        event: 'A04',
        controlId: 'REPLAY-1',
        visitNumber: 'REPLAY-V1',
        pointOfCare: 'DRY-WARD',
        name: 'Ibáñez^Ana',
      }),
      'latin1',
    );
    const connection = await openByteConnection(port);
    const [answer] = await connection.exchange(latin1);
    await connection.close();
    expect(answer?.toString('latin1')).toMatch(/MSA\|AE\|REPLAY-1\|the message is not valid UTF-8/);
    const id = (await sql.query("SELECT id FROM feed_messages WHERE control_id = 'REPLAY-1'")).rows[0]
      .id as string;

    await sql.query("UPDATE adt_facilities SET charset = '8859/1' WHERE facility = 'demo'");
    try {
      const replayed = await demo('POST', `/feeds/hl7/messages/${id}/replay`, {});
      expect(replayed).toMatchObject({
        status: 200,
        body: { message: { id, status: 'applied', ack_code: 'AA', reason: null } },
      });
    } finally {
      await sql.query("UPDATE adt_facilities SET charset = NULL WHERE facility = 'demo'");
    }
    const visit = await visitId('REPLAY-V1');
    await eventually(
      () => visit !== undefined && board.rows().get(`visit:${visit}`)?.display_name === 'Ana I.',
    );
    expect((await sql.query('SELECT last_name FROM visits WHERE id = $1', [visit])).rows[0].last_name).toBe(
      'Ibáñez',
    );

    // Applied now: not one to read again; and never another customer's.
    expect(await demo('POST', `/feeds/hl7/messages/${id}/replay`, {})).toMatchObject({
      status: 400,
      body: { code: 'IS_NOT_VALID' },
    });
    expect(await bravo('POST', `/feeds/hl7/messages/${id}/replay`, {})).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND' },
    });
    expect((await reader('POST', `/feeds/hl7/messages/${id}/replay`, {})).status).toBe(403);
  });
});
