import type { WorkflowBoardRow } from '@careboard/contracts';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBoardScreen, testFrame } from '../../board/content/test-board-screen.tsx';
import { minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
import { WorkflowScreen } from './WorkflowScreen.tsx';

/** Renders per patient: every row or card component reads its row through useVisitRow once per render. */
const renders = new Map<string, number>();

vi.mock('./use-visit-row.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./use-visit-row.ts')>();
  return {
    ...original,
    useVisitRow(key: string) {
      renders.set(key, (renders.get(key) ?? 0) + 1);
      return original.useVisitRow(key);
    },
  };
});

const now = Date.parse('2026-11-23T15:00:00Z');
const phases = [phaseRow(11, { position: 1 }), phaseRow(12, { position: 2 })];
const visits = Array.from({ length: 30 }, (_, i) =>
  visitRow(i + 1, i % 2 === 0 ? 11 : 12, minutesBefore(now, 60 - i)),
);

function renderBoard(style: 1 | 2 | 3) {
  const view = renderBoardScreen<WorkflowBoardRow>(<WorkflowScreen />, {
    config: { display_style_id: style },
  });
  view.snapshot([...phases, ...visits]);
  renders.clear();
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ now });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe.each([1, 2, 3] as const)('cheap rendering (display style %i)', (style) => {
  it('renders only the changed patient when a change leaves the order as it was', () => {
    const view = renderBoard(style);
    const changed = visits[4];
    if (!changed) throw new Error('no fixture');
    view.apply(
      testFrame('changes', [
        { ...changed, location_name: 'PACU', staff: [{ abbreviation: 'RN', display_name: 'N' }] },
      ]),
    );
    expect(Object.fromEntries(renders)).toEqual({ [changed.key]: 1 });
  });

  it('renders no patient when time passes (only the ticking texts do)', () => {
    renderBoard(style);
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(renders.size).toBe(0);
  });

  it('renders no other patient when a patient moves to another phase', () => {
    const view = renderBoard(style);
    const moved = visits[0];
    if (!moved) throw new Error('no fixture');
    view.apply(
      testFrame('changes', [{ ...moved, phase_id: 12, phase_entered_at: new Date(now).toISOString() }]),
    );
    expect([...renders.keys()].filter((key) => key !== moved.key)).toEqual([]);
    // Styles 1 and 3 show both phases; style 2 shows the first phase, which the patient left.
    expect(renders.get(moved.key) ?? 0).toBe(style === 2 ? 0 : 1);
  });
});
