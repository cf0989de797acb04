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
