import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createBoardContentStore } from './board-content-store.ts';
import { shallowEqualArrays } from './shallow-equal.ts';
import { contentWrapper, testFrame } from './test-board-screen.tsx';
import { useDerivedRows } from './use-derived-rows.ts';

interface TestRow {
  readonly key: string;
  readonly rank: number;
  readonly note: string;
}

const row = (key: string, rank: number, note = ''): TestRow => ({ key, rank, note });

/** The keys by rank: a view that a change to `note` leaves as it was. */
const keysByRank = vi.fn((rows: readonly TestRow[]) =>
  [...rows].sort((a, b) => a.rank - b.rank).map((r) => r.key),
);

function renderDerived(select: (rows: readonly TestRow[]) => readonly string[] = keysByRank) {
  const store = createBoardContentStore<TestRow>();
  store.apply(testFrame('snapshot', [row('a', 2), row('b', 1)]));
  keysByRank.mockClear();
  let renders = 0;
  const view = renderHook(
    ({ pick }) => {
      renders += 1;
      return useDerivedRows(pick, shallowEqualArrays);
    },
    { wrapper: contentWrapper(store), initialProps: { pick: select } },
  );
  return { ...view, store, renders: () => renders };
}

describe('useDerivedRows', () => {
  it('derives the view from the rows on screen', () => {
    const { result } = renderDerived();
    expect(result.current).toEqual(['b', 'a']);
    expect(keysByRank).toHaveBeenCalledTimes(1);
  });

  it('derives again only when the rows change, not on a render or a frame that changes none', () => {
    const { store, rerender } = renderDerived();
    rerender({ pick: keysByRank });
    act(() => store.apply(testFrame('changes', [])));
    act(() => store.markDisconnected());
    expect(keysByRank).toHaveBeenCalledTimes(1);

    act(() => store.apply(testFrame('changes', [row('c', 3)])));
    expect(keysByRank).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous value, and renders nothing, while the new one is equal', () => {
    const { result, store, renders } = renderDerived();
    const before = result.current;
    const rendered = renders();
    act(() => store.apply(testFrame('changes', [row('a', 2, 'moved bed')])));
    expect(keysByRank).toHaveBeenCalledTimes(2);
    expect(result.current).toBe(before);
    expect(renders()).toBe(rendered);
  });

  it('gives the new value when it differs', () => {
    const { result, store } = renderDerived();
    const before = result.current;
    act(() => store.apply(testFrame('changes', [row('a', 0)])));
    expect(result.current).not.toBe(before);
    expect(result.current).toEqual(['a', 'b']);
    act(() => store.apply(testFrame('changes', [], ['b'])));
    expect(result.current).toEqual(['a']);
  });

  it('derives again with a new select', () => {
    const { result, rerender } = renderDerived();
    rerender({ pick: (rows) => rows.map((r) => r.key.toUpperCase()) });
    expect(result.current).toEqual(['A', 'B']);
  });
});
