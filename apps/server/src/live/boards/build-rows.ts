import type { DisplayBoardConfig } from '@careboard/contracts';
import type { Db } from '../../store/database.ts';
import type { BoardScope } from '../../store/repositories/board-row-queries.ts';

/** A row any board sends: its key identifies it across frames. */
export interface KeyedRow {
  readonly key: string;
}

/** Builds every row a board shows now; one per board type. */
export type BuildRows = (
  db: Db,
  customerId: string,
  config: DisplayBoardConfig,
  now: Date,
) => Promise<KeyedRow[]>;

export function scopeOf(config: DisplayBoardConfig): BoardScope {
  return { workflowIds: config.workflow_ids, phaseIds: config.phase_ids };
}

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
