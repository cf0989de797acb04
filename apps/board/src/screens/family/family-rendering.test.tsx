import type { FamilyBoardRow } from '@careboard/contracts';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBoardScreen, testFrame } from '../../board/content/test-board-screen.tsx';
import { FamilyScreen } from './FamilyScreen.tsx';
import { testPhases, testVisit } from './test-family-rows.ts';

/** How many times each row rendered: every render of a row reads its row once. */
const rowRenders = vi.hoisted(() => new Map<string, number>());

vi.mock('../../board/content/board-content-context.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../board/content/board-content-context.ts')>();
  return {
    ...actual,
    useBoardRow: (key: string) => {
      rowRenders.set(key, (rowRenders.get(key) ?? 0) + 1);
      return actual.useBoardRow(key);
    },
  };
});

const NOW = new Date('2025-03-03T15:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  rowRenders.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTen() {
  const view = renderBoardScreen<FamilyBoardRow>(<FamilyScreen />, {
    config: { display_board_type_id: 2, show_display_name: true },
  });
  const visits = Array.from({ length: 10 }, (_, i) => testVisit(i + 1, 11 + (i % 5), 60 - i, {}, NOW));
  view.snapshot([...testPhases, ...visits]);
  rowRenders.clear();
  return { view, visits };
}

describe('cheap rendering', () => {
  it('re-renders only the row that changed', () => {
    const { view, visits } = renderTen();
    const changed = visits[3];
    if (!changed) throw new Error('fixture');
    view.apply(testFrame('changes', [{ ...changed, display_name: 'Anna K.' }]));
    expect(Object.fromEntries(rowRenders)).toEqual({ 'visit:4': 1 });
  });

  it('re-renders only the moved row when a patient changes phase (the others keep their rows)', () => {
    const { view, visits } = renderTen();
    const moved = visits[0];
    if (!moved) throw new Error('fixture');
    view.apply(testFrame('changes', [{ ...moved, phase_id: 15, status_since: new Date(NOW).toISOString() }]));
    expect(Object.fromEntries(rowRenders)).toEqual({ 'visit:1': 1 });
  });

  it('re-renders no row while the time in status ticks', () => {
    renderTen();
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(rowRenders.size).toBe(0);
  });
});
