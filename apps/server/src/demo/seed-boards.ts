import { BoardType, MessageSenderType } from '@careboard/contracts';
import { displayBoardDefaults } from '../services/display-board-input.ts';
import type { Db } from '../store/database.ts';
import {
  type DisplayBoardFields,
  type DisplayBoardLists,
  insertDisplayBoard,
  moveBoardIdsPastHighest,
  setDisplayBoardLists,
} from '../store/repositories/display-boards.ts';
import { insertMessage } from '../store/repositories/messages.ts';
import type { CareSetting } from './seed-care-setting.ts';

const HOUR = 3_600_000;

type DemoBoard = DisplayBoardFields & DisplayBoardLists;

/** A new board's defaults, less what every demo board sets itself. */
const { workflow_ids: _workflows, page_rotation_sec: _rotation, ...off } = displayBoardDefaults;

/** The four demo boards, one of each type, in type order: ids 1–4 (decision API-01). */
export function demoBoards(setting: CareSetting, parLocationIds: readonly number[]): DemoBoard[] {
  const [surgery, clinic] = setting.workflows;
  const [surgical, outpatient] = setting.departments;
  if (!surgery || !clinic || !surgical || !outpatient) throw new Error('The demo needs two workflows.');
  return [
    {
      ...off,
      name: 'Day Surgery — Patient Flow',
      display_board_type_id: BoardType.Workflow,
      department_id: surgical.id,
      workflow_ids: [surgery.workflow.id],
      page_rotation_sec: 20,
      table_configuration: {
        columns: [
          { key: 'badge_label', label: 'Badge', width: 1 },
          { key: 'display_name', label: 'Patient', width: 2 },
          { key: 'phase', width: 2 },
          { key: 'location', width: 2 },
          { key: 'time_in_phase', label: 'In phase', width: 1 },
          { key: 'estimated_duration', label: 'Estimate', width: 1 },
          { key: 'avg_duration', label: 'Avg today', width: 1 },
          { key: 'staff', width: 2 },
        ],
      },
      show_badge: true,
      show_display_name: true,
      show_estimated_duration: true,
      show_avg_duration: true,
    },
    {
      ...off,
      name: 'Surgery Family Waiting Room',
      display_board_type_id: BoardType.Family,
      department_id: surgical.id,
      workflow_ids: [surgery.workflow.id],
      page_rotation_sec: 15,
      show_display_name: true,
    },
    {
      ...off,
      name: 'Clinic Calling Board',
      display_board_type_id: BoardType.Patient,
      department_id: outpatient.id,
      workflow_ids: [clinic.workflow.id],
      page_rotation_sec: 10,
      play_tone: true,
      play_announcement: true,
      announcement_template: '{patient_first_name}, please proceed to {station_name}.',
    },
    {
      ...off,
      name: 'Equipment PAR Levels',
      display_board_type_id: BoardType.AssetsParLevel,
      department_id: surgical.id,
      workflow_ids: [],
      page_rotation_sec: 15,
      location_ids: [...parLocationIds],
    },
  ];
}

/**
 * Writes the boards with the ids given (the demo's 1–4) or, without ids, lets the
 * identity choose; then moves the identity past the ids used so later boards never
 * collide. A couple of messages go with them. Returns the board ids.
 */
export async function seedBoards(
  db: Db,
  customerId: string,
  boards: readonly DemoBoard[],
  fixedIds: readonly number[] | undefined,
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, board] of boards.entries()) {
    const { workflow_ids, phase_ids, location_ids, ...fields } = board;
    const id = await insertDisplayBoard(db, customerId, fields, fixedIds?.[i]);
    await setDisplayBoardLists(db, customerId, id, { workflow_ids, phase_ids, location_ids });
    ids.push(id);
  }
  if (fixedIds) await moveBoardIdsPastHighest(db);
  const [, , patientBoard] = ids;
  await insertMessage(db, customerId, {
    sender_type: MessageSenderType.System,
    text: 'Welcome to Riverside Medical Center. Please keep your badge with you.',
    display_board_id: patientBoard ?? null,
    workflow_id: null,
    created_at: now,
    expires_at: null,
  });
  await insertMessage(db, customerId, {
    sender_type: MessageSenderType.User,
    text: 'The family lounge café is open until 7 pm.',
    display_board_id: null,
    workflow_id: boards[1]?.workflow_ids[0] ?? null,
    created_at: now,
    expires_at: new Date(now.getTime() + 12 * HOUR),
  });
  return ids;
}
