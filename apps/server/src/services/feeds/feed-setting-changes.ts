import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import type { ChangeAction } from '../../store/tables/domain.ts';

/**
 * Records a change of the feeds' settings. No board shows a rule or a mapping, so no board
 * rebuilds (boardIds []); the console's customerChanges still hears the kind and re-reads
 * (decision FEED-41).
 */
export async function recordFeedSettingChange(
  trx: Db,
  customerId: string,
  entity: 'feed_rule' | 'adt_point_of_care' | 'adt_facility',
  entityId: number,
  action: ChangeAction,
): Promise<void> {
  await recordChanges(trx, customerId, [{ entity, entityId, action, boardIds: [] }]);
}
