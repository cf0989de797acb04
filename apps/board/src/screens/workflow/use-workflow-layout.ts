import type { WorkflowBoardRow } from '@careboard/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { useBoardContentStore } from '../../board/content/board-content-context.ts';
import { deriveLayout, emptyLayout, stabilizeLayout, type WorkflowLayout } from './workflow-layout.ts';

/**
 * The board's layout (who goes where, by key). It is derived again when any row
 * changes, but answers the same object while the order stays the same, so a
 * change to one patient's location or staff renders that patient's row only.
 */
export function useWorkflowLayout(workflowOrder: readonly number[]): WorkflowLayout {
  const store = useBoardContentStore<WorkflowBoardRow>();
  const getLayout = useMemo(() => {
    let rows: readonly WorkflowBoardRow[] | null = null;
    let layout = emptyLayout;
    return () => {
      const current = store.getRows();
      if (current !== rows) {
        rows = current;
        layout = stabilizeLayout(layout, deriveLayout(current, workflowOrder));
      }
      return layout;
    };
  }, [store, workflowOrder]);
  return useSyncExternalStore(store.subscribeRows, getLayout);
}
