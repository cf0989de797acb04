import type { Db } from '../database.ts';

export interface Device {
  readonly id: number;
  readonly name: string;
  readonly display_board_id: number | null;
  readonly last_seen_at: Date | null;
  readonly app_version: string | null;
  readonly revoked_at: Date | null;
}

const deviceColumns = [
  'id',
  'name',
  'display_board_id',
  'last_seen_at',
  'app_version',
  'revoked_at',
] as const;

export async function insertDevice(
  db: Db,
  customerId: string,
  device: { name: string; display_board_id: number | null },
): Promise<Device> {
  return db
    .insertInto('devices')
    .values({ customer_id: customerId, name: device.name, display_board_id: device.display_board_id })
    .returning(deviceColumns)
    .executeTakeFirstOrThrow();
}

export async function listDevices(db: Db, customerId: string): Promise<Device[]> {
  return db
    .selectFrom('devices')
    .select(deviceColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findDevice(db: Db, customerId: string, id: number): Promise<Device | undefined> {
  return db
    .selectFrom('devices')
    .select(deviceColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A device checked in: when, and with which board app version. */
export async function recordDeviceSeen(
  db: Db,
  customerId: string,
  id: number,
  seen: { at: Date; app_version: string | null },
): Promise<Device | undefined> {
  return db
    .updateTable('devices')
    .set({ last_seen_at: seen.at, app_version: seen.app_version })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(deviceColumns)
    .executeTakeFirst();
}

export async function revokeDevice(
  db: Db,
  customerId: string,
  id: number,
  at: Date,
): Promise<Device | undefined> {
  return db
    .updateTable('devices')
    .set({ revoked_at: at })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(deviceColumns)
    .executeTakeFirst();
}

/**
 * The device of a device grant, made on its first token (the activation)
 * with the board the screen asked for, when that board is the customer's;
 * the same device on every later token. Answers its id (decision IDN-16).
 */
export async function ensureDeviceOfGrant(
  db: Db,
  customerId: string,
  grant: { grant_id: string; name: string; requested_board_id: number | null },
): Promise<number> {
  const existing = await db
    .selectFrom('devices')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('grant_id', '=', grant.grant_id)
    .executeTakeFirst();
  if (existing) return existing.id;
  const board =
    grant.requested_board_id === null
      ? undefined
      : await db
          .selectFrom('display_boards')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('id', '=', grant.requested_board_id)
          .executeTakeFirst();
  const inserted = await db
    .insertInto('devices')
    .values({
      customer_id: customerId,
      name: grant.name,
      display_board_id: board?.id ?? null,
      grant_id: grant.grant_id,
    })
    .onConflict((conflict) => conflict.column('grant_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Two token requests of one grant at once: the other made it.
  const made = await db
    .selectFrom('devices')
    .select('id')
    .where('grant_id', '=', grant.grant_id)
    .executeTakeFirstOrThrow();
  return made.id;
}

/** The board a device may show now: none when it has none, is revoked, or is not the customer's. */
export async function findDeviceBoardId(db: Db, customerId: string, id: number): Promise<number | null> {
  const row = await db
    .selectFrom('devices')
    .select('display_board_id')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.display_board_id ?? null;
}

/** Assigns a device another board (or none). */
export async function assignDeviceBoard(
  db: Db,
  customerId: string,
  id: number,
  displayBoardId: number | null,
): Promise<Device | undefined> {
  return db
    .updateTable('devices')
    .set({ display_board_id: displayBoardId })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(deviceColumns)
    .executeTakeFirst();
}

/**
 * Assigns the device of a device grant a board of its own customer (or none,
 * with null); what that screen's token may read follows (IDN-16).
 */
export async function assignBoardOfGrant(
  db: Db,
  grantId: string,
  displayBoardId: number | null,
): Promise<'assigned' | 'no-device' | 'no-board'> {
  const device = await db
    .selectFrom('devices')
    .select(['id', 'customer_id'])
    .where('grant_id', '=', grantId)
    .executeTakeFirst();
  if (!device) return 'no-device';
  if (displayBoardId !== null) {
    const board = await db
      .selectFrom('display_boards')
      .select('id')
      .where('customer_id', '=', device.customer_id)
      .where('id', '=', displayBoardId)
      .executeTakeFirst();
    if (!board) return 'no-board';
  }
  await assignDeviceBoard(db, device.customer_id, device.id, displayBoardId);
  return 'assigned';
}

/** Revokes the device of a device grant: its access tokens read nothing from then on (IDN-16). */
export async function revokeDeviceOfGrant(db: Db, grantId: string, at: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set({ revoked_at: at })
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .execute();
}
