import { type Change, recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import type { ChangeAction } from '../../store/tables/domain.ts';

/**
 * Records that devices changed, for their screens' own subscription and for consoles following
 * the fleet; no board shows a device, so no board rebuilds for it (boardIds empty, BOF-44).
 */
export async function recordDeviceChanges(
  trx: Db,
  customerId: string,
  ids: readonly number[],
  action: ChangeAction = 'update',
): Promise<void> {
  if (ids.length === 0) return;
  await recordChanges(
    trx,
    customerId,
    ids.map((id) => deviceChange(id, action)),
  );
}

/** A device's change: no board shows a device, so no board rebuilds for it (BOF-44). */
export function deviceChange(id: number, action: ChangeAction = 'update'): Change {
  return { entity: 'device', entityId: id, action, boardIds: [] };
}

/**
 * Records that devices came online or went offline: a kind of its own, which the consoles' Screens
 * list follows, and the screens' `thisDevice` and the nodes' revocation watch do not (LIVE-48).
 */
export async function recordPresenceChanges(
  trx: Db,
  customerId: string,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await recordChanges(trx, customerId, ids.map(presenceChange));
}

/** A device came online or went offline (BOF-43): no board shows it, and the device record is the same (LIVE-48). */
export function presenceChange(id: number): Change {
  return { entity: 'device_presence', entityId: id, action: 'update', boardIds: [] };
}
