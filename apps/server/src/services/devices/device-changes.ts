import { recordChanges } from '../../store/change-log.ts';
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
    ids.map((id) => ({ entity: 'device' as const, entityId: id, action, boardIds: [] })),
  );
}
