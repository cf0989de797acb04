/**
 * Expected patients from the feed (decisions FEED-68, FEED-72), over real MLLP to a real server,
 * read from the workflow board's GraphQL frames: a pre-admit (A05) or pending admit (A14) shows
 * the patient as expected until the admit of that number, which shows the visit instead; their
 * cancels (A38, A27) take the expected row off. A clinic's appointments (SIU S12 to S15, S17,
 * S26) are expected at their time; an arrival status makes the visit active, and a cancel,
 * deletion or no-show removes the expected row.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import { apiClient } from './api-client.ts';
import { type Ack, boardOneWorkflowId, eventually, followWorkflowBoard, sendAdt } from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

let server: TestServer;
let sql: pg.Client;
let port: number;
let board: ReturnType<typeof followWorkflowBoard>;
let control = 0;

function send(type: string, segments: readonly string[], at = hoursAgo(0).hl7): Promise<Ack> {
  control += 1;
  const text = [
    `MSH|^~\\&|TEST-EHR|TEST-HOSP|CAREBOARD|demo|${at}||${type}|EX-${control}|P|2.5.1`,
    ...segments,
  ].join('\r');
  return sendAdt(port, text);
}
const pid = (patientId: string, name = '') => `PID|1||${patientId}^^^TEST^MR||${name}`;
const pv1 = (visitNumber: string, pointOfCare = 'EXPECTED') =>
  `PV1|1|P|${pointOfCare}^^^TEST${'|'.repeat(16)}${visitNumber}`;
/** SCH-1 placer and SCH-2 filler id, SCH-11.4 the start, SCH-25 the filler status. */
const sch = (id: string, start: string, status = 'Booked') =>
  `SCH|${id}|${id}|||||||30|MIN|^^30^${start}${'|'.repeat(14)}${status}`;
const ail = (clinic: string) => `AIL|1||${clinic}^^^TEST`;

/**
 * An HL7 time `hoursAgo` before now, with its offset. A board shows the patients due by the end of
 * its site's day and those earlier still expected (BRD-23): a time already past is shown whatever
 * the site's zone and the hour the test runs at.
 */
function hoursAgo(hours: number): { hl7: string; iso: string } {
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - hours * 3_600_000);
  return { hl7: `${at.toISOString().replace(/[-:T]/g, '').slice(0, 12)}+0000`, iso: at.toISOString() };
}

/** The board's expected rows by display name, and its visit rows. */
const expectedNamed = (name: string) =>
  [...board.rows().values()].find((row) => row.type === 'expected' && row.display_name === name);
const visitNamed = (name: string) =>
  [...board.rows().values()].find((row) => row.type === 'visit' && row.display_name === name);

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(port), CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const workflowId = await boardOneWorkflowId(sql);
  await sql.query(
    `INSERT INTO adt_points_of_care (customer_id, point_of_care, workflow_id)
     VALUES ('demo', 'EXPECTED', $1), ('demo', 'CLINIC-7', $1)`,
    [workflowId],
  );
  // Board 1 asks for expected patients, as an admin sets it.
  const admin = await apiClient(
    server,
    await accessToken(server, { scope: 'read:departments write:*', sub: 'admin' }),
  );
  expect((await admin('PATCH', '/display-boards/1', { show_expected: true })).status).toBe(200);
  board = followWorkflowBoard(server, await accessToken(server), 1);
  await eventually(() => board.frames.length > 0);
});

afterAll(async () => {
  await board?.close();
  await sql?.end();
  await server?.close();
});

describe('pre-admits and pending admits', () => {
  it.each([
    ['A05', 'A38'],
    ['A14', 'A27'],
  ])(
    '%s shows the patient as expected, and its admit shows the visit instead; %s cancels one',
    async (expectEvent, cancelEvent) => {
      expect(
        (
          await send(`ADT^${expectEvent}`, [
            `EVN|${expectEvent}|${hoursAgo(3).hl7}`,
            pid(`P-${expectEvent}`, 'Planned^Pia'),
            pv1(`V-${expectEvent}`),
          ])
        ).code,
      ).toBe('AA');
      await eventually(() => expectedNamed('Pia P.') !== undefined);
      expect(visitNamed('Pia P.')).toBeUndefined();
      expect(
        (
          await send('ADT^A01', [
            `EVN|A01|${hoursAgo(2).hl7}`,
            pid(`P-${expectEvent}`, 'Planned^Pia'),
            pv1(`V-${expectEvent}`),
          ])
        ).code,
      ).toBe('AA');
      await eventually(() => visitNamed('Pia P.') !== undefined && expectedNamed('Pia P.') === undefined);
      expect((await send('ADT^A03', [pid(`P-${expectEvent}`), pv1(`V-${expectEvent}`)])).code).toBe('AA');
      await eventually(() => visitNamed('Pia P.') === undefined);

      expect(
        (
          await send(`ADT^${expectEvent}`, [
            `EVN|${expectEvent}|${hoursAgo(1).hl7}`,
            pid(`P-${cancelEvent}`, 'Called^Off'),
            pv1(`V-${cancelEvent}`),
          ])
        ).code,
      ).toBe('AA');
      await eventually(() => expectedNamed('Off C.') !== undefined);
      expect(
        (await send(`ADT^${cancelEvent}`, [pid(`P-${cancelEvent}`), pv1(`V-${cancelEvent}`)])).code,
      ).toBe('AA');
      await eventually(() => expectedNamed('Off C.') === undefined);
      expect(visitNamed('Off C.')).toBeUndefined();
    },
  );
});

describe('a clinic’s appointments (SIU)', () => {
  it('S12 books, S13 moves, an arrival status makes the visit active', async () => {
    const [booked, moved] = [hoursAgo(2), hoursAgo(1)];
    expect(
      (await send('SIU^S12', [sch('APPT-1', booked.hl7), pid('P-S1', 'Booked^Bea'), ail('CLINIC-7')])).code,
    ).toBe('AA');
    await eventually(() => expectedNamed('Bea B.')?.expected_at === booked.iso);
    expect(
      (await send('SIU^S13', [sch('APPT-1', moved.hl7), pid('P-S1', 'Booked^Bea'), ail('CLINIC-7')])).code,
    ).toBe('AA');
    await eventually(() => expectedNamed('Bea B.')?.expected_at === moved.iso);
    expect(
      (
        await send('SIU^S14', [
          sch('APPT-1', moved.hl7, 'Arrived'),
          pid('P-S1', 'Booked^Bea'),
          ail('CLINIC-7'),
        ])
      ).code,
    ).toBe('AA');
    await eventually(() => visitNamed('Bea B.') !== undefined && expectedNamed('Bea B.') === undefined);
  });

  it('ends a booking when the patient is admitted by a visit number of its own (the A04 that follows)', async () => {
    expect(
      (await send('SIU^S12', [sch('APPT-2', hoursAgo(1).hl7), pid('P-S2', 'Walked^Wes'), ail('CLINIC-7')]))
        .code,
    ).toBe('AA');
    await eventually(() => expectedNamed('Wes W.') !== undefined);
    expect((await send('ADT^A04', [pid('P-S2', 'Walked^Wes'), pv1('V-S2', 'CLINIC-7')])).code).toBe('AA');
    await eventually(() => visitNamed('Wes W.') !== undefined && expectedNamed('Wes W.') === undefined);
  });

  it.each([
    ['S15', 'Booked'],
    ['S17', 'Booked'],
    ['S26', 'Booked'],
    ['S14', 'Cancelled'],
  ])('%s (status %s) takes the expected row off', async (event, status) => {
    const id = `APPT-${event}-${status}`;
    const name = `${event}${status}^Cy`;
    const at = hoursAgo(1).hl7;
    expect((await send('SIU^S12', [sch(id, at), pid(`P-${id}`, name), ail('CLINIC-7')])).code).toBe('AA');
    const shown = `Cy ${event[0]}.`;
    await eventually(() => expectedNamed(shown) !== undefined);
    expect(
      (await send(`SIU^${event}`, [sch(id, at, status), pid(`P-${id}`, name), ail('CLINIC-7')])).code,
    ).toBe('AA');
    await eventually(() => expectedNamed(shown) === undefined);
    expect(visitNamed(shown)).toBeUndefined();
  });

  it('answers an appointment at a clinic nothing maps AA and shows it on no board', async () => {
    const answer = await send('SIU^S12', [
      sch('APPT-X', hoursAgo(1).hl7),
      pid('P-X', 'Else^Where'),
      ail('DERMATOLOGY'),
    ]);
    expect(answer).toMatchObject({
      code: 'AA',
      text: 'PV1-3.1 (point of care) dermatology is mapped to no workflow: answered, shown on no board',
    });
  });
});
