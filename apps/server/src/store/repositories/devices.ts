import type { DeviceRecord, SpeechCapability } from '@careboard/contracts';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { onlineSql } from './device-presence.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

/** A device as the back office shows it (BOF-42): one record for the screen and its activation. */
export type { DeviceRecord };

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

/** How a screen says it can speak (SCR-14); answers whether that changed what was stored. */
export async function recordDeviceSpeech(
  db: Db,
  customerId: string,
  id: number,
  speech: SpeechCapability,
): Promise<boolean> {
  const changed = await db
    .updateTable('devices')
    .set({ speech })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('speech', 'is', null), eb('speech', '!=', speech)]))
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
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
      activated_at: new Date(),
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

export interface DeviceFilter {
  readonly display_board_id?: number | undefined;
  readonly location_id?: number | undefined;
  readonly online?: boolean | undefined;
  readonly revoked?: boolean | undefined;
}

function selectDeviceRecords(db: Db, customerId: string) {
  return db
    .selectFrom('devices')
    .leftJoin('accounts', 'accounts.id', 'devices.activated_by_id')
    .select([
      'devices.id',
      'devices.name',
      'devices.display_board_id',
      'devices.location_id',
      'accounts.email as activated_by',
      'devices.activated_at',
      'devices.app_version',
      'devices.speech',
      'devices.ip',
      'devices.user_agent',
      sql<boolean>`${onlineSql('devices')}`.as('online'),
      // An online screen is seen now: its row is not written while its node's lease runs (LIVE-53).
      sql<Date | null>`CASE WHEN ${onlineSql('devices')} THEN now() ELSE devices.last_seen_at END`.as(
        'last_seen_at',
      ),
      'devices.revoked_at',
    ])
    .where('devices.customer_id', '=', customerId);
}

/** One page of a customer's devices, oldest first (BOF-01). */
export async function listDeviceRecords(
  db: Db,
  customerId: string,
  filter: DeviceFilter,
  page: PageRequest,
): Promise<Page<DeviceRecord>> {
  let query = selectDeviceRecords(db, customerId).orderBy('devices.id');
  if (filter.display_board_id !== undefined)
    query = query.where('devices.display_board_id', '=', filter.display_board_id);
  if (filter.location_id !== undefined) query = query.where('devices.location_id', '=', filter.location_id);
  if (filter.online !== undefined)
    query = query.where(
      filter.online ? sql<boolean>`${onlineSql('devices')}` : sql<boolean>`NOT ${onlineSql('devices')}`,
    );
  if (filter.revoked !== undefined)
    query = query.where('devices.revoked_at', filter.revoked ? 'is not' : 'is', null);
  return selectPage(query, page);
}

export async function findDeviceRecord(
  db: Db,
  customerId: string,
  id: number,
): Promise<DeviceRecord | undefined> {
  return selectDeviceRecords(db, customerId).where('devices.id', '=', id).executeTakeFirst();
}

export interface DevicePatch {
  readonly name?: string;
  readonly display_board_id?: number | null;
  readonly location_id?: number | null;
}

/** Changes a device's name, board or location; answers whether it is the customer's. */
export async function updateDeviceRecord(
  db: Db,
  customerId: string,
  id: number,
  patch: DevicePatch,
): Promise<boolean> {
  // Always touches the row, so an unknown id is found out whatever the patch holds.
  const updated = await db
    .updateTable('devices')
    .set((eb) => ({ name: eb.ref('name'), ...patch }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Asks the screen to reload its page (BOF-45); answers whether it is the customer's. */
export async function requestDeviceReload(db: Db, customerId: string, id: number): Promise<boolean> {
  const updated = await db
    .updateTable('devices')
    .set({ reload_requested_at: sql<Date>`clock_timestamp()` })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Asks every screen of the customer showing a board to reload (the socket's device.reload); answers their ids. */
export async function requestBoardReload(db: Db, customerId: string, boardId: number): Promise<number[]> {
  const rows = await db
    .updateTable('devices')
    .set({ reload_requested_at: sql<Date>`clock_timestamp()` })
    .where('customer_id', '=', customerId)
    .where('display_board_id', '=', boardId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks a device revoked (once: a second revoke keeps the first time) and offline; answers
 * its grant, to end, or undefined when it is not the customer's (BOF-46).
 */
export async function markDeviceRecordRevoked(
  db: Db,
  customerId: string,
  id: number,
): Promise<{ grant_id: string | null } | undefined> {
  return db
    .updateTable('devices')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', sql<Date>`now()`), online_until: null }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning('grant_id')
    .executeTakeFirst();
}

/** What a screen's own subscription tells it (BOF-44). */
export interface DeviceState {
  readonly id: number;
  readonly name: string;
  readonly display_board_id: number | null;
  readonly reload_requested_at: Date | null;
  readonly revoked_at: Date | null;
  readonly app_version: string | null;
}

/** What a screen's live connection needs of its device. */
const DEVICE_STATE_COLUMNS = [
  'id',
  'name',
  'display_board_id',
  'reload_requested_at',
  'revoked_at',
  'app_version',
] as const;

/**
 * Many devices' states, of any customers, in one query: a device counts only under its own
 * customer (an id asked for under another customer's is not found).
 */
export async function findDeviceStates(
  db: Db,
  keys: readonly { readonly customerId: string; readonly id: number }[],
): Promise<(DeviceState & { readonly customer_id: string })[]> {
  if (keys.length === 0) return [];
  const ids = [...new Set(keys.map((key) => key.id))];
  const wanted = new Set(keys.map((key) => `${key.id}@${key.customerId}`));
  const rows = await db
    .selectFrom('devices')
    .select([...DEVICE_STATE_COLUMNS, 'customer_id'])
    .where('id', 'in', ids)
    .execute();
  return rows.filter((row) => wanted.has(`${row.id}@${row.customer_id}`));
}
