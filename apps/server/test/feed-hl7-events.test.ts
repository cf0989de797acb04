/**
 * Every tracking event an interface team sends a patient-tracking board (decisions FEED-68 to
 * FEED-71), each over a real MLLP socket to a real server, its effect read from the workflow
 * board's GraphQL frames as a screen holds them: changes of visit number (A06, A07), a cancelled
 * transfer (A12), a swap (A17), person updates (A28, A31), leave (A21, A22), every merge (A18,
 * A34 to A36, A39 to A42, later messages under the survivor's identifiers finding the visit), and
 * late messages that cannot undo a newer state.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/store/free-port.ts';
import { type Ack, boardOneWorkflowId, eventually, followWorkflowBoard, sendAdt } from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

let server: TestServer;
let sql: pg.Client;
let port: number;
let board: ReturnType<typeof followWorkflowBoard>;
let phases: number[];
let rooms: { id: number; name: string }[];
let control = 0;

/** A message as an engine writes it: MSH (HL7 v2.5.1), EVN with the event's time, then the segments given. */
function message(event: string, segments: readonly string[], at = '20261124101530'): string {
  control += 1;
  return [
    `MSH|^~\\&|TEST-EHR|TEST-HOSP|CAREBOARD|demo|${at}||ADT^${event}|EV-${control}|P|2.5.1`,
    `EVN|${event}|${at}`,
    ...segments,
  ].join('\r');
}
const pid = (patientId: string, name = '', account = '') =>
  `PID|1||${patientId}^^^TEST^MR||${name}${account ? `${'|'.repeat(13)}${account}` : ''}`;
const pv1 = (visitNumber = '', pointOfCare = 'EVENTS', room = '') =>
  `PV1|1|I|${pointOfCare}^${room}^^TEST${'|'.repeat(16)}${visitNumber}`;
/** MRG-1 (prior patient identifier), MRG-3 (prior account), MRG-5 (prior visit number). */
const mrg = (patientId = '', account = '', visitNumber = '') =>
  `MRG|${patientId ? `${patientId}^^^TEST^MR` : ''}||${account}||${visitNumber}`;

async function send(event: string, segments: readonly string[], at?: string): Promise<Ack> {
  return sendAdt(port, message(event, segments, at));
}

async function visitOf(externalId: string): Promise<number> {
  let id: number | undefined;
  await eventually(async () => {
    const { rows } = await sql.query(
      "SELECT id FROM visits WHERE customer_id = 'demo' AND external_id = $1 AND completed_at IS NULL",
      [externalId],
    );
    id = rows[0]?.id;
    return id !== undefined;
  });
  return id as number;
}

const row = (visitId: number) => board.rows().get(`visit:${visitId}`);
const shows = (visitId: number, check: (shown: Record<string, unknown>) => boolean) =>
  eventually(() => {
    const shown = row(visitId);
    return shown !== undefined && check(shown);
  });
const gone = (visitId: number) => eventually(() => row(visitId) === undefined);

/** An A01 of a patient at the mapped point of care; resolves with the visit once the board shows it. */
async function admitted(patientId: string, visitNumber: string, name: string, room = ''): Promise<number> {
  expect((await send('A01', [pid(patientId, name), pv1(visitNumber, 'EVENTS', room)])).code).toBe('AA');
  const visit = await visitOf(visitNumber || patientId);
  await shows(visit, () => true);
  return visit;
}

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(port), CAREBOARD_SIMULATOR_RATE: '0' } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const workflowId = await boardOneWorkflowId(sql);
  phases = (
    await sql.query('SELECT id FROM phases WHERE workflow_id = $1 ORDER BY position', [workflowId])
  ).rows.map((r) => r.id);
  rooms = (await sql.query("SELECT id, name FROM locations WHERE customer_id = 'demo' ORDER BY id LIMIT 2"))
    .rows;
  await sql.query(
    `INSERT INTO adt_points_of_care (customer_id, point_of_care, workflow_id, phase_id)
     VALUES ('demo', 'EVENTS', $1, NULL), ('demo', 'EVENTS-2', $1, $2)`,
    [workflowId, phases[1]],
  );
  board = followWorkflowBoard(server, await accessToken(server), 1);
  await eventually(() => board.frames.length > 0);
});

afterAll(async () => {
  await board?.close();
  await sql?.end();
  await server?.close();
});

describe('a visit goes on under a new visit number', () => {
  it.each(['A06', 'A07'])(
    '%s moves the visit to PV1-19 from MRG-5, and later messages find it there',
    async (event) => {
      const visit = await admitted(`P-${event}`, `V-${event}`, `Change^Cleo`);
      const changed = await send(event, [
        pid(`P-${event}`, 'Change^Chloe'),
        pv1(`V-${event}-NEW`),
        mrg('', '', `V-${event}`),
      ]);
      expect(changed.code).toBe('AA');
      await shows(visit, (shown) => shown.display_name === 'Chloe C.');
      expect(await visitOf(`V-${event}-NEW`)).toBe(visit);
      expect((await send('A03', [pid(`P-${event}`), pv1(`V-${event}-NEW`)])).code).toBe('AA');
      await gone(visit);
    },
  );
});

describe('A12: a cancelled transfer', () => {
  it('goes back to the phase and the room the patient was in before the transfer', async () => {
    const [before, after] = rooms as [{ id: number; name: string }, { id: number; name: string }];
    const visit = await admitted('P-A12', 'V-A12', 'Back^Bo', before.name);
    await shows(visit, (shown) => shown.phase_id === phases[0] && shown.location_name === before.name);
    expect((await send('A02', [pid('P-A12'), pv1('V-A12', 'EVENTS-2', after.name)])).code).toBe('AA');
    await shows(visit, (shown) => shown.phase_id === phases[1] && shown.location_name === after.name);
    const cancelled = await send('A12', [pid('P-A12'), pv1('V-A12', 'EVENTS', before.name)]);
    expect(cancelled.code).toBe('AA');
    await shows(visit, (shown) => shown.phase_id === phases[0] && shown.location_name === before.name);
  });
});

describe('A17: two patients swap places', () => {
  it('puts each patient in the other’s room', async () => {
    const [first, second] = rooms as [{ id: number; name: string }, { id: number; name: string }];
    const a = await admitted('P-A17-1', 'V-A17-1', 'Swap^Sal', first.name);
    const b = await admitted('P-A17-2', 'V-A17-2', 'Swap^Sue', second.name);
    const swapped = await send('A17', [
      pid('P-A17-1'),
      pv1('V-A17-1', 'EVENTS', second.name),
      pid('P-A17-2'),
      pv1('V-A17-2', 'EVENTS', first.name),
    ]);
    expect(swapped.code).toBe('AA');
    await shows(a, (shown) => shown.location_name === second.name);
    await shows(b, (shown) => shown.location_name === first.name);
  });
});

describe('A28, A31: the person changes', () => {
  it('renames the patient’s visits in progress, and an A28 of someone with none changes nothing', async () => {
    const visit = await admitted('P-A31', 'V-A31', 'Person^Pat');
    expect((await send('A31', [pid('P-A31', 'Person^Patricia'), 'PV1|1|N'])).code).toBe('AA');
    await shows(visit, (shown) => shown.display_name === 'Patricia P.');
    expect((await send('A28', [pid('P-A31', 'Person^Pam'), 'PV1|1|N'])).code).toBe('AA');
    await shows(visit, (shown) => shown.display_name === 'Pam P.');
    expect((await send('A28', [pid('P-A28-NOBODY', 'Nobody^Ned'), 'PV1|1|N'])).code).toBe('AA');
  });
});

describe('A21, A22: leave of absence', () => {
  it('shows the patient away from the event’s time, and here again on return', async () => {
    const visit = await admitted('P-A21', 'V-A21', 'Leave^Lou', rooms[0]?.name);
    expect((await send('A21', [pid('P-A21'), pv1('V-A21')], '20261124113000')).code).toBe('AA');
    await shows(visit, (shown) => shown.away_since === '2026-11-24T11:30:00.000Z');
    expect((await send('A22', [pid('P-A21'), pv1('V-A21')], '20261124143000')).code).toBe('AA');
    await shows(visit, (shown) => shown.away_since === null && shown.location_name === rooms[0]?.name);
  });
});

describe('merges: one visit survives, found under the survivor’s identifiers', () => {
  it.each(['A18', 'A34', 'A36', 'A39', 'A40'])(
    '%s (MRG-1 into PID-3): an A03 under the surviving identifier discharges the visit',
    async (event) => {
      // Known by its patient identifier alone (no visit number), as many feeds know outpatients.
      const visit = await admitted(`OLD-${event}`, '', 'Merge^Mo');
      const merged = await send(event, [pid(`NEW-${event}`, 'Merge^Mo'), mrg(`OLD-${event}`), 'PV1|1|N']);
      expect(merged.code).toBe('AA');
      // Before the merge was applied, this discharge was refused: no visit had the survivor's identifier.
      expect((await send('A03', [pid(`NEW-${event}`), pv1('')])).code).toBe('AA');
      await gone(visit);
    },
  );

  it('A40 with a visit under each identifier keeps the survivor’s and completes the merged one', async () => {
    const merged = await admitted('OLD-BOTH', '', 'Twice^Tia');
    const survivor = await admitted('NEW-BOTH', '', 'Twice^Tia');
    expect((await send('A40', [pid('NEW-BOTH', 'Twice^Tia'), mrg('OLD-BOTH'), 'PV1|1|N'])).code).toBe('AA');
    await gone(merged);
    expect(row(survivor)).toBeDefined();
  });

  it.each(['A35', 'A41'])(
    '%s (MRG-3 into PID-18): the visit known by the old account is known by the new one',
    async (event) => {
      const visit = await admitted(`P-${event}`, `ACC-OLD-${event}`, 'Account^Ava');
      const merged = await send(event, [
        pid(`P-${event}`, 'Account^Ava', `ACC-NEW-${event}`),
        mrg('', `ACC-OLD-${event}`),
        'PV1|1|N',
      ]);
      expect(merged.code).toBe('AA');
      expect((await send('A03', [pid(`P-${event}`), pv1(`ACC-NEW-${event}`)])).code).toBe('AA');
      await gone(visit);
    },
  );

  it('A42 (MRG-5 into PV1-19): the visit known by the old visit number is known by the new one', async () => {
    const visit = await admitted('P-A42', 'VN-OLD', 'Visit^Vic');
    expect((await send('A42', [pid('P-A42'), pv1('VN-NEW'), mrg('', '', 'VN-OLD')])).code).toBe('AA');
    expect((await send('A03', [pid('P-A42'), pv1('VN-NEW')])).code).toBe('AA');
    await gone(visit);
  });

  it('refuses a merge without MRG, naming it', async () => {
    const refused = await send('A40', [pid('NEW-NONE'), 'PV1|1|N']);
    expect(refused).toMatchObject({ code: 'AE', text: 'A40: MRG (the identifier merged away) is missing' });
  });
});

describe('late messages (EVN-6, EVN-2, MSH-7)', () => {
  it('a late A11, resent with a new control id, does not cancel the re-admission that followed it', async () => {
    expect((await send('A01', [pid('P-LATE', 'Late^Lia'), pv1('V-LATE')], '20261124080000')).code).toBe('AA');
    const first = await visitOf('V-LATE');
    expect((await send('A11', [pid('P-LATE'), pv1('V-LATE')], '20261124090000')).code).toBe('AA');
    await gone(first);
    expect((await send('A01', [pid('P-LATE', 'Late^Lia'), pv1('V-LATE')], '20261124100000')).code).toBe('AA');
    const again = await visitOf('V-LATE');
    await shows(again, () => true);
    const late = await send('A11', [pid('P-LATE'), pv1('V-LATE')], '20261124090000');
    expect(late.code).toBe('AA');
    expect(late.text).toContain('A11: out of order, not applied');
    // Another message after it still applies: the board moved on, the late one did not undo it.
    expect((await send('A08', [pid('P-LATE', 'Late^Lina'), pv1('V-LATE')], '20261124103000')).code).toBe(
      'AA',
    );
    await shows(again, (shown) => shown.display_name === 'Lina L.');
    const { rows } = await sql.query(
      "SELECT status FROM feed_messages WHERE customer_id = 'demo' AND reason LIKE 'A11: out of order%'",
    );
    expect(rows).toEqual([{ status: 'ignored' }]);
  });
});
