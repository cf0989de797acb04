import {
  type BoardContentField,
  BoardType,
  type BoardTypeId,
  boardContentFields,
} from '@careboard/contracts';
import { seededRandom } from '../../apps/server/src/demo/random.ts';
import { seedAssets } from '../../apps/server/src/demo/seed-assets.ts';
import { demoBoards, seedBoards } from '../../apps/server/src/demo/seed-boards.ts';
import { seedCareSetting } from '../../apps/server/src/demo/seed-care-setting.ts';
import { seedVisits } from '../../apps/server/src/demo/seed-visits.ts';
import { createCustomer } from '../../apps/server/src/services/tenants/create-customer.ts';
import { identityIdsOf } from '../../apps/server/src/services/tenants/customer-input.ts';
import type { Db } from '../../apps/server/src/store/database.ts';
import type { FleetOptions } from './options.ts';

export interface FleetBoard {
  readonly index: number;
  readonly customerId: string;
  readonly boardId: number;
  readonly type: BoardTypeId;
  readonly field: BoardContentField;
}

/** What the bench made: boards in order, each with `screensPerBoard` screens (devices), board-major. */
export interface FleetLayout {
  readonly customers: readonly { readonly id: string; readonly orgId: string }[];
  readonly boards: readonly FleetBoard[];
  readonly screensPerBoard: number;
  /** The device id of each screen, board-major: screen s shows board floor(s / screensPerBoard). */
  readonly deviceIds: readonly number[];
}

const DEVICE_ROWS_PER_INSERT = 1_000;

/** One customer: the demo's care setting, visits and assets, and `boardsPerType` copies of each demo board. */
async function seedCustomer(db: Db, id: string, boardsPerType: number, seed: number): Promise<FleetBoard[]> {
  await createCustomer(db, { id, name: `Fleet hospital ${id}`, admin_email: `admin@${id}.example` });
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const setting = await seedCareSetting(trx, id, now);
    await seedVisits(trx, id, setting, seededRandom(seed), now);
    const { locationIds } = await seedAssets(trx, id, setting.locations, now);
    const templates = demoBoards(setting, locationIds);
    const copies = Array.from({ length: boardsPerType }, (_, copy) =>
      templates.map((board) => ({ ...board, name: `${board.name} ${copy + 1}` })),
    ).flat();
    const ids = await seedBoards(trx, id, copies, undefined, now);
    return ids.map((boardId, i) => {
      const type = (copies[i]?.display_board_type_id ?? BoardType.Workflow) as BoardTypeId;
      return { index: 0, customerId: id, boardId, type, field: boardContentFields[type] };
    });
  });
}

/** Customers `fleet-1` … with their boards, and one activated device per screen. */
export async function seedFleet(db: Db, options: FleetOptions): Promise<FleetLayout> {
  const customers: { id: string; orgId: string }[] = [];
  const boards: FleetBoard[] = [];
  for (let c = 1; c <= options.customers; c++) {
    const id = `fleet-${c}`;
    customers.push({ id, orgId: identityIdsOf(id).auth_org_id });
    for (const board of await seedCustomer(db, id, options.boardsPerType, 1_000 + c))
      boards.push({ ...board, index: boards.length });
  }
  const rows = boards.flatMap((board) =>
    Array.from({ length: options.screensPerBoard }, (_, s) => ({
      customer_id: board.customerId,
      name: `Screen ${board.boardId}-${s + 1}`,
      display_board_id: board.boardId,
      activated_at: new Date(),
      // The release the screens report (screen-thread.ts): known already, as after a restart, so a
      // first connection costs what a reconnection does (no release to note).
      app_version: 'bench',
    })),
  );
  const deviceIds: number[] = [];
  for (let at = 0; at < rows.length; at += DEVICE_ROWS_PER_INSERT) {
    const inserted = await db
      .insertInto('devices')
      .values(rows.slice(at, at + DEVICE_ROWS_PER_INSERT))
      .returning('id')
      .execute();
    deviceIds.push(...inserted.map((row) => row.id));
  }
  return { customers, boards, screensPerBoard: options.screensPerBoard, deviceIds };
}
