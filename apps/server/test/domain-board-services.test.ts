import { displayBoardConfigSchema } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDisplayBoard } from '../src/services/create-display-board.ts';
import { deleteDisplayBoard } from '../src/services/delete-display-board.ts';
import { postMessage } from '../src/services/post-message.ts';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { findDevice, insertDevice } from '../src/store/repositories/devices.ts';
import { findDisplayBoardConfig, listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { listActiveMessages } from '../src/store/repositories/messages.ts';
import { listDepartments } from '../src/store/repositories/sites.ts';
import { listPhases, listWorkflows } from '../src/store/repositories/workflows.ts';
import { appErrorOf, countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
let db: Db;
let departmentId: number;
let workflowIds: number[];

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, C);
  departmentId = (await listDepartments(db, C))[0]?.id ?? 0;
  workflowIds = (await listWorkflows(db, C)).map((w) => w.id);
});
afterAll(() => db.destroy());

const board = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  display_board_type_id: 1 as const,
  department_id: departmentId,
  ...extra,
});

describe('display board services', () => {
  it('creates a board with defaults and returns exactly the DisplayBoardConfig shape', async () => {
    const phases = await listPhases(db, C, workflowIds[0]);
    const created = await createDisplayBoard(
      db,
      C,
      board('Ward flow', {
        workflow_ids: [workflowIds[0]],
        phase_ids: phases.slice(0, 2).map((p) => p.id),
        table_configuration: { columns: [{ key: 'display_name', label: 'Patient' }, { key: 'phase' }] },
      }),
    );
    expect(z.strictObject(displayBoardConfigSchema.shape).parse(created)).toEqual(created);
    expect(created).toMatchObject({
      name: 'Ward flow',
      page_rotation_sec: 15,
      display_style_id: 1,
      show_badge: false,
      announcement_template: null,
      // A calm pace for a waiting room, in the default voice (SCR-13).
      announcement_voice: 'female',
      announcement_rate: 0.85,
      location_ids: [],
      department: { id: departmentId, site: { default_timezone: 'America/New_York' } },
    });
    expect(await findDisplayBoardConfig(db, C, created.id)).toEqual(created);
    const [change] = (await listChangesSince(db, C, '0')).slice(-1);
    expect(change).toMatchObject({
      entity: 'display_board',
      entity_id: created.id,
      action: 'insert',
      board_ids: [created.id],
    });
  });

  it('refuses a duplicate name, an unknown department or workflow, a bad table configuration, foreign phases', async () => {
    await createDisplayBoard(db, C, board('Lobby'));
    const duplicate = await appErrorOf(createDisplayBoard(db, C, board('Lobby')));
    expect(duplicate).toMatchObject({
      code: 'DUPLICATE_KEY',
      params: { entity: 'Display board', field: 'name', value: 'Lobby' },
    });
    expect(duplicate.message).toBe('Display board with name "Lobby" already exists.');
    expect(
      await appErrorOf(createDisplayBoard(db, C, board('B1', { department_id: 999_999 }))),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Department', field: 'department_id', value: '999999' },
    });
    expect(
      await appErrorOf(createDisplayBoard(db, C, board('B2', { workflow_ids: [999_999] }))),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Workflow', field: 'workflow_id', value: '999999' },
    });
    expect(
      await appErrorOf(
        createDisplayBoard(db, C, board('B3', { table_configuration: { columns: [{ key: 'shoe_size' }] } })),
      ),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'table_configuration.columns.0.key' } });
    const otherPhase = (await listPhases(db, C, workflowIds[1]))[0]?.id;
    expect(
      await appErrorOf(
        createDisplayBoard(db, C, board('B4', { workflow_ids: [workflowIds[0]], phase_ids: [otherPhase] })),
      ),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'phase_ids' } });
    expect(await appErrorOf(createDisplayBoard(db, C, board('x'.repeat(121))))).toMatchObject({
      code: 'MAX_LENGTH',
      params: { field: 'name', limit: 120 },
    });
    expect(
      await appErrorOf(createDisplayBoard(db, C, board('B5', { display_board_type_id: 5 }))),
    ).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'display_board_type_id' },
    });
    expect((await listDisplayBoardConfigs(db, C)).map((b) => b.name)).not.toContain('B4');
  });

  it("keeps a patient board's voice and speaking rate; a rate outside 0.5..1.5 or another voice is IS_NOT_VALID", async () => {
    const created = await createDisplayBoard(db, C, board('Calling', { display_board_type_id: 3 }));
    const updated = await updateDisplayBoard(db, C, created.id, {
      announcement_voice: 'male',
      announcement_rate: 1.1,
    });
    expect(updated).toMatchObject({ announcement_voice: 'male', announcement_rate: 1.1 });
    expect(await findDisplayBoardConfig(db, C, created.id)).toMatchObject({ announcement_rate: 1.1 });
    expect(await appErrorOf(updateDisplayBoard(db, C, created.id, { announcement_rate: 2 }))).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'announcement_rate' },
    });
    expect(
      await appErrorOf(
        updateDisplayBoard(db, C, created.id, { announcement_voice: 'robot' } as unknown as {
          announcement_voice: 'male';
        }),
      ),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'announcement_voice' } });
  });

  it('updates the fields given and keeps the others; an unknown id is ENTITY_NOT_FOUND', async () => {
    const created = await createDisplayBoard(
      db,
      C,
      board('Recovery', { workflow_ids: [workflowIds[0]], show_badge: true }),
    );
    const updated = await updateDisplayBoard(db, C, created.id, { page_rotation_sec: 30, location_ids: [] });
    expect(updated).toEqual({ ...created, page_rotation_sec: 30 });
    const renamed = await updateDisplayBoard(db, C, created.id, {
      name: 'Recovery 2',
      workflow_ids: [workflowIds[1] ?? 0],
    });
    expect(renamed).toMatchObject({ name: 'Recovery 2', workflow_ids: [workflowIds[1]], show_badge: true });
    const missing = await appErrorOf(updateDisplayBoard(db, C, 999_999, { name: 'x' }));
    expect(missing).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entity: 'Display board', id: 999_999 },
    });
    expect(missing.message).toBe('Display board with id 999999 was not found.');
  });

  it('deletes a board, leaving its devices unassigned; deleting it again is ENTITY_NOT_FOUND', async () => {
    const created = await createDisplayBoard(db, C, board('Temporary'));
    const device = await insertDevice(db, C, { name: 'Screen 7', display_board_id: created.id });
    const before = await countChanges(db, C);
    await deleteDisplayBoard(db, C, created.id);
    expect(await findDisplayBoardConfig(db, C, created.id)).toBeUndefined();
    expect((await findDevice(db, C, device.id))?.display_board_id).toBeNull();
    expect(await countChanges(db, C)).toBe(before + 1);
    expect(await appErrorOf(deleteDisplayBoard(db, C, created.id))).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
    });
  });
});

describe('postMessage', () => {
  it('posts to one board and records the change for that board only', async () => {
    const [first] = await listDisplayBoardConfigs(db, C);
    const now = new Date();
    const message = await postMessage(
      db,
      C,
      { sender_type: 2, text: ' Fire drill at 3 pm ', display_board_id: first?.id },
      now,
    );
    expect(message).toMatchObject({
      text: 'Fire drill at 3 pm',
      sender_type: 2,
      display_board_id: first?.id,
    });
    expect((await listActiveMessages(db, C, now)).map((m) => m.id)).toContain(message.id);
    const [change] = (await listChangesSince(db, C, '0')).slice(-1);
    expect(change).toMatchObject({ entity: 'message', entity_id: message.id, board_ids: [first?.id] });
    const everywhere = await postMessage(db, C, { sender_type: 1, text: 'System update tonight' });
    const [global] = (await listChangesSince(db, C, '0')).slice(-1);
    expect(global).toMatchObject({ entity_id: everywhere.id, board_ids: null });
  });

  it('refuses a bad sender type, a blank or long text, two scopes, a past expiry, an unknown board', async () => {
    expect(await appErrorOf(postMessage(db, C, { sender_type: 4, text: 'x' } as never))).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'sender_type' },
    });
    expect(await appErrorOf(postMessage(db, C, { sender_type: 1, text: ' ' }))).toMatchObject({
      code: 'IS_REQUIRED',
    });
    expect(await appErrorOf(postMessage(db, C, { sender_type: 1, text: 'x'.repeat(501) }))).toMatchObject({
      code: 'MAX_LENGTH',
      params: { field: 'text', limit: 500 },
    });
    expect(
      await appErrorOf(
        postMessage(db, C, { sender_type: 1, text: 'x', display_board_id: 1, workflow_id: workflowIds[0] }),
      ),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'workflow_id' } });
    expect(
      await appErrorOf(postMessage(db, C, { sender_type: 1, text: 'x', expires_at: '2000-01-01T00:00:00Z' })),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'expires_at' } });
    expect(
      await appErrorOf(postMessage(db, C, { sender_type: 1, text: 'x', display_board_id: 999_999 })),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Display board', field: 'display_board_id', value: '999999' },
    });
  });
});
