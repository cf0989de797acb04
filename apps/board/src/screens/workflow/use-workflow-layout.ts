import type { WorkflowBoardRow } from '@careboard/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { useBoardContentStore } from '../../board/content/board-content-context.ts';
import { createLayoutTracker, type WorkflowLayout } from './workflow-layout.ts';

/**
 * The board's layout (who goes where, by key). It answers the same object while
 * the order stays the same, so a change to one patient's place or staff renders
 * that patient's row only, and the layout is derived again only when someone
 * comes, goes or changes phase.
 */
export function useWorkflowLayout(workflowOrder: readonly number[]): WorkflowLayout {
  const store = useBoardContentStore<WorkflowBoardRow>();
  const tracker = useMemo(() => createLayoutTracker(workflowOrder), [workflowOrder]);
  return useSyncExternalStore(store.subscribeRows, () => tracker.layoutOf(store.getRows()));
}
