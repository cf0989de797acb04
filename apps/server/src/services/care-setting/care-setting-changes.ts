import { AppError } from '../../errors/app-error.ts';
import { type Change, type ChangeEntity, recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import type { ChangeAction } from '../../store/tables/domain.ts';

/**
 * Records a care-setting write in its transaction: the entity's own change with boardIds null
 * (the customer's boards rebuild their rows: names, colours, places may be on any of them),
 * and a display_board update for each board whose config embeds it, so that board's config
 * subscription re-reads (decision BOF-13).
 */
export async function recordSettingChange(
  trx: Db,
  customerId: string,
  change: { readonly entity: ChangeEntity; readonly id: number; readonly action: ChangeAction },
  configBoardIds: readonly number[] = [],
): Promise<void> {
  const changes: Change[] = [
    { entity: change.entity, entityId: change.id, action: change.action, boardIds: null },
    ...[...new Set(configBoardIds)].map(
      (boardId): Change => ({
        entity: 'display_board',
        entityId: boardId,
        action: 'update',
        boardIds: [boardId],
      }),
    ),
  ];
  await recordChanges(trx, customerId, changes);
}

/** The row, or ENTITY_NOT_FOUND naming the entity and the id asked for. */
export function found<T>(row: T | undefined, entity: string, id: number): T {
  if (row === undefined) throw new AppError('ENTITY_NOT_FOUND', { entity, id });
  return row;
}

/** The same for a delete that reports whether it removed a row. */
export function deleted(removed: boolean, entity: string, id: number): void {
  if (!removed) throw new AppError('ENTITY_NOT_FOUND', { entity, id });
}

/** Patches without the keys a client left out (undefined), so they keep their values. */
export function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
