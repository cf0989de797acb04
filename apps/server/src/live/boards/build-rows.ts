import type { DisplayBoardConfig } from '@careboard/contracts';
import { localDay } from '../../domain/local-day.ts';
import type { Db } from '../../store/database.ts';
import type { BoardScope } from '../../store/repositories/board-row-queries.ts';
import { readScopeFlow, type ScopeFlow } from '../../store/repositories/scope-flow.ts';

/** A row any board sends: its key identifies it across frames. */
export interface KeyedRow {
  readonly key: string;
}

/**
 * Makes a read once for every board of the customer evaluating the same change: boards with the
 * same scope (a workflow's staff board and its family board, copies on several floors) share
 * it (decision LIVE-22). `key` names what is read, with everything the read depends on.
 */
export type ShareRead = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** No sharing: the read is made (a board's first read, tests). */
export const readAlone: ShareRead = (_key, read) => read();

/** Builds every row a board shows now; one per board type. */
export type BuildRows = (
  db: Db,
  customerId: string,
  config: DisplayBoardConfig,
  now: Date,
  share?: ShareRead,
) => Promise<KeyedRow[]>;

/** A scope as part of a shared read's key. */
export const scopeKey = (scope: BoardScope) => `${scope.workflowIds.join(',')}/${scope.phaseIds.join(',')}`;

export function scopeOf(config: DisplayBoardConfig): BoardScope {
  return { workflowIds: config.workflow_ids, phaseIds: config.phase_ids };
}

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A board's scope's visits, their staff and the stays ended today (the site's day), in one
 * statement shared by the workflow and family boards of the scope (LIVE-44).
 */
export function shareScopeFlow(
  db: Db,
  customerId: string,
  config: DisplayBoardConfig,
  now: Date,
  share: ShareRead,
): Promise<ScopeFlow> {
  const scope = scopeOf(config);
  const dayStart = localDay(now, config.department.site.default_timezone).start;
  return share(`flow ${scopeKey(scope)} ${dayStart.toISOString()}`, () =>
    readScopeFlow(db, customerId, scope, dayStart),
  );
}
