import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageCount, pageOf, rowsPerPage } from './pages.ts';
import { usePageRotation } from './use-page-rotation.ts';

describe('pages', () => {
  it('fits whole rows, at least one', () => {
    expect(rowsPerPage(500, 48)).toBe(10);
    expect(rowsPerPage(20, 48)).toBe(1);
    expect(rowsPerPage(0, 48)).toBe(1);
  });

  it('splits items into pages and wraps a page index that is out of range', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect(pageCount(items.length, 3)).toBe(3);
    expect(pageCount(0, 3)).toBe(1);
    expect(pageOf(items, 3, 2)).toEqual([7]);
    expect(pageOf(items, 3, 4)).toEqual([4, 5, 6]);
  });
});

describe('page rotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves to the next page every rotation period and back to the first after the last', () => {
    const { result } = renderHook(() => usePageRotation(3, 15));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(0);
  });

  it('stays on the only page', () => {
    const { result } = renderHook(() => usePageRotation(1, 15));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(0);
  });
});
