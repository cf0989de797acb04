import { AppError } from '../../errors/app-error.ts';
import { revokeGrant } from '../../identity/oidc-adapter.ts';
import type { Db } from '../../store/database.ts';
import {
  type DeviceRecord,
  findDeviceRecord,
  markDeviceRecordRevoked,
  requestBoardReload,
  requestDeviceReload,
  updateDeviceRecord,
} from '../../store/repositories/devices.ts';
import { stripUndefined } from '../create-display-board.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';
import { recordDeviceChanges } from './device-changes.ts';
import { type UpdateDeviceInput, updateDeviceInput } from './device-input.ts';

const notFound = (id: number) => new AppError('ENTITY_NOT_FOUND', { entity: 'Device', id });

function parseDeviceId(id: number): number {
  if (!idSchema.safeParse(id).success) throw notFound(id);
  return id;
}

/** One of the customer's devices, or ENTITY_NOT_FOUND (another customer's too). */
export async function getDevice(db: Db, customerId: string, id: number): Promise<DeviceRecord> {
  const device = await findDeviceRecord(db, customerId, parseDeviceId(id));
  if (!device) throw notFound(id);
  return device;
}

/**
 * Renames a device, moves it to another board (its screen follows without a reload, through
 * its own subscription) or to another location. A board or location of another customer is
 * refused by the database's same-customer keys: NO_MASTER_ENTITY_FOUND (BOF-44).
 */
export async function updateDevice(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateDeviceInput,
): Promise<DeviceRecord> {
  const deviceId = parseDeviceId(id);
  const patch = stripUndefined(parseInput(updateDeviceInput, input));
  return runWrite(db, async (trx) => {
    if (!(await updateDeviceRecord(trx, customerId, deviceId, patch))) throw notFound(deviceId);
    await recordDeviceChanges(trx, customerId, [deviceId]);
    return getDevice(trx, customerId, deviceId);
  });
}

/** Asks the screen to reload its page: it does within seconds, wherever it is connected (BOF-45). */
export async function reloadDevice(db: Db, customerId: string, id: number): Promise<void> {
  const deviceId = parseDeviceId(id);
  await runWrite(db, async (trx) => {
    if (!(await requestDeviceReload(trx, customerId, deviceId))) throw notFound(deviceId);
    await recordDeviceChanges(trx, customerId, [deviceId]);
  });
}

/**
 * Asks every screen showing a board to reload (the socket gateway's `device.reload`): through
 * their device records, as one screen's reload, since screens listen on their own subscription (BOF-45).
 */
export async function reloadBoardScreens(db: Db, customerId: string, boardId: number): Promise<number> {
  return runWrite(db, async (trx) => {
    const ids = await requestBoardReload(trx, customerId, boardId);
    if (ids.length > 0) await recordDeviceChanges(trx, customerId, ids);
    return ids.length;
  });
}

/**
 * Revokes a device: its grant and every token of it end with the same commit (a refresh is
 * refused from then on), it reads no board, and the change closes its live connections on
 * every node (BOF-46). Revoking a revoked device again is no error.
 */
export async function revokeDevice(db: Db, customerId: string, id: number): Promise<void> {
  const deviceId = parseDeviceId(id);
  await runWrite(db, async (trx) => {
    const revoked = await markDeviceRecordRevoked(trx, customerId, deviceId);
    if (!revoked) throw notFound(deviceId);
    if (revoked.grant_id) await revokeGrant(trx, revoked.grant_id);
    await recordDeviceChanges(trx, customerId, [deviceId]);
  });
}
