import type { WorkflowBoardRow } from '@careboard/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createBoardContentStore } from '../../board/content/board-content-store.ts';
import { contentWrapper, testFrame } from '../../board/content/test-board-screen.tsx';
import { minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
import { useWorkflowLayout } from './use-workflow-layout.ts';

const now = Date.parse('2026-11-23T15:00:00Z');
const phases = [phaseRow(11, { position: 1 }), phaseRow(12, { position: 2 }), phaseRow(13, { position: 3 })];
const workflowOrder = [1];

/** The layout the hook answers once the board's rows are these. */
function followLayout() {
  const content = createBoardContentStore<WorkflowBoardRow>();
  const { result } = renderHook(() => useWorkflowLayout(workflowOrder), { wrapper: contentWrapper(content) });
  return (rows: readonly WorkflowBoardRow[]) => {
    act(() => content.apply(testFrame('snapshot', rows)));
    return result.current;
  };
}

describe('the workflow layout hook', () => {
  it('follows the rows: the same layout until someone comes, goes or changes phase', () => {
    const layoutOf = followLayout();
    const one = visitRow(1, 11, minutesBefore(now, 5));
    const two = visitRow(2, 12, minutesBefore(now, 9));
    const first = layoutOf([...phases, one, two]);
    expect(first.visitKeys).toEqual(['visit:1', 'visit:2']);

    const placeChanged = layoutOf([...phases, { ...one, location_name: 'PACU' }, two]);
    expect(placeChanged).toBe(first);

    const moved = layoutOf([...phases, { ...one, phase_id: 13 }, two]);
    expect(moved.visitKeys).toEqual(['visit:2', 'visit:1']);

    const gone = layoutOf([...phases, two]);
    expect(gone.visitKeys).toEqual(['visit:2']);
    // Another row in place of one gone, same count: derived again.
    const replaced = layoutOf([...phases, two, visitRow(3, 11, minutesBefore(now, 1))]);
    expect(replaced.visitKeys).toEqual(['visit:3', 'visit:2']);
  });

  it('keeps the phases a move does not touch as they were', () => {
    const layoutOf = followLayout();
    const one = visitRow(1, 11, minutesBefore(now, 5));
    const two = visitRow(2, 13, minutesBefore(now, 9));
    const before = layoutOf([...phases, one, two]);
    const after = layoutOf([...phases, { ...one, phase_id: 12 }, two]);
    expect(after).not.toBe(before);
    expect(after.phases[0]).not.toBe(before.phases[0]);
    expect(after.phases[1]).not.toBe(before.phases[1]);
    expect(after.phases[2]).toBe(before.phases[2]);
  });
});
