import {
  type BoardContentField,
  type BoardFrame,
  boardContentSubscription,
  type DisplayBoardConfig,
} from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkflowRows } from '../src/live/boards/workflow-rows.ts';
import { admitVisit } from '../src/services/admit-visit.ts';
import { callVisitToStation } from '../src/services/call-visit-to-station.ts';
import { type ExpectVisitInput, endExpectedVisit, expectVisit } from '../src/services/expected-visits.ts';
import { moveVisitToPhase } from '../src/services/move-visit-to-phase.ts';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { type Db, openDatabase } from '../src/store/database.ts';
import { findDisplayBoardConfig } from '../src/store/repositories/display-boards.ts';
import { listStations } from '../src/store/repositories/stations.ts';
import { listPhases, listWorkflows } from '../src/store/repositories/workflows.ts';
import { apiClient } from './api-client.ts';
import { graphqlClient, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Row = { key: string; type: string } & Record<string, unknown>;
type Frame = BoardFrame<Row>;

/** The demo boards (apps/server/src/demo/seed-boards.ts): Day Surgery's workflow and family boards, the clinic's calling board. */
const WORKFLOW_BOARD = 1;
const FAMILY_BOARD = 2;
const PATIENT_BOARD = 3;

let server: TestServer;
let db: Db;
let token: string;
let surgeryId: number;
let clinicId: number;

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.databaseUrl, 2);
  token = await accessToken(server);
  const workflows = await listWorkflows(db, 'demo');
  surgeryId = workflows.find((w) => w.name === 'Day Surgery')?.id ?? 0;
  clinicId = workflows.find((w) => w.name === 'Walk-in Clinic')?.id ?? 0;
  // Every demo board asks for expected patients; only the workflow board may show them.
  for (const id of [WORKFLOW_BOARD, FAMILY_BOARD, PATIENT_BOARD]) {
    await updateDisplayBoard(db, 'demo', id, { show_expected: true });
  }
});
afterAll(async () => {
  await db?.destroy();
  await server?.close();
});

function follow(field: BoardContentField, boardId: number) {
  const frames: Frame[] = [];
  const texts: string[] = [];
  const client = graphqlClient(server, () => token);
  const stop = client.subscribe<Record<string, string>>(
    { query: boardContentSubscription(field), variables: { displayBoardId: boardId, sinceVersion: null } },
    {
      next: (value) => {
        const text = value.data?.[field];
        if (text) {
          texts.push(text);
          frames.push(JSON.parse(text) as Frame);
        }
      },
      error: () => {},
      complete: () => {},
    },
  );
  return {
    frames,
    texts,
    rows: () => apply(frames),
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

function apply(frames: readonly Frame[]): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const frame of frames) {
    if (frame.kind === 'snapshot') rows.clear();
    for (const key of frame.removed) rows.delete(key);
    for (const row of frame.upserts) rows.set(row.key, row);
  }
  return rows;
}

async function firstActiveVisit(workflowId: number): Promise<{ id: number; phase_id: number }> {
  return db
    .selectFrom('visits')
    .select(['id', 'phase_id'])
    .where('customer_id', '=', 'demo')
    .where('workflow_id', '=', workflowId)
    .where('completed_at', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

let serial = 0;
function patient(overrides: Partial<ExpectVisitInput> = {}): ExpectVisitInput {
  serial += 1;
  return {
    workflow_id: surgeryId,
    external_id: `LIVE-${serial}`,
    external_patient_id: `MRN-${serial}`,
    first_name: 'Zelda',
    last_name: `Quillfeather${serial}`,
    expected_at: new Date(Date.now() + 5 * 60_000),
    source: 'siu',
    ...overrides,
  };
}

describe('expected patients on the live boards', () => {
  it('reach the workflow board that shows them as they are expected, and leave it when the patient arrives', async () => {
    const workflow = follow('workflowBoard', WORKFLOW_BOARD);
    await waitUntil(() => workflow.frames.length === 1);
    expect([...workflow.rows().values()].some((row) => row.type === 'expected')).toBe(false);

    const given = patient();
    const { id } = await expectVisit(db, 'demo', given);
    await waitUntil(() => workflow.rows().has(`expected:${id}`));
    const row = workflow.rows().get(`expected:${id}`);
    expect(row).toEqual({
      key: `expected:${id}`,
      type: 'expected',
      expected_id: id,
      display_name: 'Zelda Q.',
      workflow_id: surgeryId,
      expected_at: given.expected_at?.toISOString(),
      location_name: null,
    });
    // The allow-list: no last name, no identifier of the EHR's.
    expect(workflow.texts.join('\n')).not.toContain(given.last_name);
    expect(workflow.texts.join('\n')).not.toContain(given.external_id);

    const later = new Date(Date.now() + 20 * 60_000);
    await expectVisit(db, 'demo', { ...given, expected_at: later });
    await waitUntil(() => workflow.rows().get(`expected:${id}`)?.expected_at === later.toISOString());

    // The patient arrives: one transaction makes the visit and ends the expected row.
    const visit = await db.transaction().execute(async (trx) => {
      const made = await admitVisit(trx, 'demo', {
        first_name: given.first_name,
        last_name: given.last_name,
        workflow_id: surgeryId,
      });
      await endExpectedVisit(trx, 'demo', given.external_id, 'arrived', { visitId: made.id });
      return made;
    });
    await waitUntil(() => !workflow.rows().has(`expected:${id}`));
    const arrivedIn = workflow.frames.find((frame) => frame.removed.includes(`expected:${id}`));
    // The row goes in the frame the visit comes in: never both on screen, never neither.
    expect(arrivedIn?.upserts.map((r) => r.key)).toContain(`visit:${visit.id}`);
    await workflow.close();
  });

  it('leave it on a cancel, a no-show or a delete', async () => {
    const workflow = follow('workflowBoard', WORKFLOW_BOARD);
    await waitUntil(() => workflow.frames.length === 1);
    for (const outcome of ['cancelled', 'no_show', 'deleted'] as const) {
      const given = patient();
      const { id } = await expectVisit(db, 'demo', given);
      await waitUntil(() => workflow.rows().has(`expected:${id}`));
      await endExpectedVisit(db, 'demo', given.external_id, outcome);
      await waitUntil(() => !workflow.rows().has(`expected:${id}`));
    }
    await workflow.close();
  });

  it('never reach the family board or the calling board, even when they ask for them', async () => {
    const family = follow('familyBoard', FAMILY_BOARD);
    const calling = follow('patientBoard', PATIENT_BOARD);
    const workflow = follow('workflowBoard', WORKFLOW_BOARD);
    await waitUntil(
      () => family.frames.length === 1 && calling.frames.length === 1 && workflow.frames.length === 1,
    );
    const surgeryPatient = patient({ first_name: 'Xanthippe' });
    const clinicPatient = patient({ first_name: 'Xanthippe', workflow_id: clinicId });
    const { id } = await expectVisit(db, 'demo', surgeryPatient);
    await expectVisit(db, 'demo', clinicPatient);
    await waitUntil(() => workflow.rows().has(`expected:${id}`));
    // Then a change each of the other two boards does show: read after the expected patients, their
    // rows would hold them if either board's rows let them through.
    const surgeryVisit = await firstActiveVisit(surgeryId);
    const clinicVisit = await firstActiveVisit(clinicId);
    const otherPhase = (await listPhases(db, 'demo', surgeryId)).find((p) => p.id !== surgeryVisit.phase_id);
    const [station] = await listStations(db, 'demo');
    const familyBefore = family.frames.length;
    const callingBefore = calling.frames.length;
    await moveVisitToPhase(db, 'demo', { visit_id: surgeryVisit.id, phase_id: otherPhase?.id ?? 0 });
    await callVisitToStation(db, 'demo', { visit_id: clinicVisit.id, station_id: station?.id ?? 0 });
    await waitUntil(() => family.frames.length > familyBefore && calling.frames.length > callingBefore);
    for (const board of [family, calling]) {
      expect([...board.rows().values()].some((row) => row.type === 'expected')).toBe(false);
      const everything = board.texts.join('\n');
      expect(everything).not.toContain('Xanthippe');
      expect(everything).not.toContain('expected:');
    }
    await Promise.all([family.close(), calling.close(), workflow.close()]);
  });

  it('follow show_expected through the REST API, and are gone from the board it turns off', async () => {
    const admin = await apiClient(
      server,
      await accessToken(server, { scope: 'access:display-board read:* write:*' }),
    );
    const workflow = follow('workflowBoard', WORKFLOW_BOARD);
    await waitUntil(() => workflow.frames.length === 1);
    const { id } = await expectVisit(db, 'demo', patient());
    await waitUntil(() => workflow.rows().has(`expected:${id}`));

    const off = await admin('PATCH', `/display-boards/${WORKFLOW_BOARD}`, { show_expected: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: WORKFLOW_BOARD, show_expected: false });
    await waitUntil(() => !workflow.rows().has(`expected:${id}`));
    expect((await admin('GET', `/display-boards/${WORKFLOW_BOARD}`)).body).toMatchObject({
      show_expected: false,
    });

    const created = await admin('POST', '/display-boards', {
      name: 'Arrivals',
      display_board_type_id: 1,
      department_id: (await findDisplayBoardConfig(db, 'demo', WORKFLOW_BOARD))?.department.id,
      show_expected: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Arrivals', show_expected: true });
    expect(
      (await admin('PATCH', `/display-boards/${WORKFLOW_BOARD}`, { show_expected: 'yes' })).body,
    ).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'show_expected' },
    });
    expect((await admin('PATCH', `/display-boards/${WORKFLOW_BOARD}`, { show_expected: true })).status).toBe(
      200,
    );
    await waitUntil(() => workflow.rows().has(`expected:${id}`));
    await workflow.close();
  });
});

describe('which expected patients a workflow board shows (BRD-23)', () => {
  // 10:00 in New York, the demo site's time zone: its day runs from 05:00Z to 05:00Z tomorrow.
  const now = new Date('2030-03-12T14:00:00Z');
  let board: DisplayBoardConfig;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const config = await findDisplayBoardConfig(db, 'demo', WORKFLOW_BOARD);
    if (!config) throw new Error('demo board');
    board = { ...config, show_expected: true };
    const at = (iso: string | null) => (iso === null ? null : new Date(iso));
    const made = {
      late: patient({ external_id: 'WIN-late', expected_at: at('2030-03-11T15:00:00Z') }),
      soon: patient({ external_id: 'WIN-soon', expected_at: at('2030-03-12T16:30:00Z') }),
      tonight: patient({ external_id: 'WIN-tonight', expected_at: at('2030-03-13T03:30:00Z') }),
      untimed: patient({ external_id: 'WIN-untimed', expected_at: null }),
      tomorrow: patient({ external_id: 'WIN-tomorrow', expected_at: at('2030-03-13T14:00:00Z') }),
      clinic: patient({
        external_id: 'WIN-clinic',
        workflow_id: clinicId,
        expected_at: at('2030-03-12T15:00:00Z'),
      }),
      cancelled: patient({ external_id: 'WIN-cancelled', expected_at: at('2030-03-12T15:00:00Z') }),
    };
    for (const [name, given] of Object.entries(made)) ids[name] = (await expectVisit(db, 'demo', given)).id;
    await endExpectedVisit(db, 'demo', 'WIN-cancelled', 'cancelled');
  });

  const expectedKeys = async (config: DisplayBoardConfig) =>
    (await buildWorkflowRows(db, 'demo', config, now))
      .filter((row) => row.key.startsWith('expected:'))
      .map((row) => row.key)
      .filter((key) => Object.values(ids).includes(Number(key.slice('expected:'.length))));

  it('shows those due by the end of the site’s day, the late ones still expected and the untimed ones, soonest first', async () => {
    expect(await expectedKeys(board)).toEqual(
      ['late', 'soon', 'tonight', 'untimed'].map((name) => `expected:${ids[name]}`),
    );
  });

  it('shows only its workflows’, and on a board narrowed to phases only where it lists the first phase', async () => {
    const phases = await listPhases(db, 'demo', surgeryId);
    const [first, second] = phases;
    expect(await expectedKeys({ ...board, workflow_ids: [clinicId] })).toEqual([`expected:${ids.clinic}`]);
    expect(await expectedKeys({ ...board, workflow_ids: [], phase_ids: [second?.id ?? 0] })).toEqual([]);
    expect(await expectedKeys({ ...board, phase_ids: [first?.id ?? 0, second?.id ?? 0] })).toHaveLength(4);
  });
});
