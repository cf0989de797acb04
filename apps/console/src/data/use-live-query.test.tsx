import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRuntime } from '../app/test-harness.tsx';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';
import type { ChangeListener } from './live-changes.ts';

const listeners = new Set<ChangeListener>();
vi.mock('./live-changes.ts', () => ({
  liveChangesFor: () => ({
    listen: (listener: ChangeListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  }),
}));
const { useLiveQuery } = await import('./use-live-query.ts');

const tell = (kinds: readonly string[] | null) => {
  for (const listener of listeners) listener(kinds);
};

describe('useLiveQuery', () => {
  const runtime = testRuntime();
  const getJson = vi.fn<(path: string) => Promise<unknown>>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConsoleRuntimeProvider runtime={{ ...runtime, http: { ...runtime.http, getJson } }}>
      {children}
    </ConsoleRuntimeProvider>
  );

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    getJson.mockImplementation(async () => ({ reads: ++reads }));
  });
  afterEach(() => {
    vi.useRealTimers();
    getJson.mockReset();
    listeners.clear();
  });

  it('reads once, then again only when a kind it shows changes', async () => {
    const { result } = renderHook(() => useLiveQuery<{ reads: number }>('/devices', ['device']), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ reads: 1 }));
    expect(getJson).toHaveBeenCalledWith('/devices');

    act(() => tell(['visit']));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(getJson).toHaveBeenCalledTimes(1);

    act(() => tell(['visit', 'device']));
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(result.current.data).toEqual({ reads: 2 }));
  });

  it('reads changes arriving together once, and everything after a reconnect', async () => {
    const { result } = renderHook(() => useLiveQuery<{ reads: number }>('/devices', ['device']), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ reads: 1 }));
    act(() => {
      tell(['device']);
      tell(['device']);
      tell(['device']);
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(result.current.data).toEqual({ reads: 2 }));
    act(() => tell(null));
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(result.current.data).toEqual({ reads: 3 }));
  });

  it('keeps the data it had and reports the error of a failed read', async () => {
    const { result } = renderHook(() => useLiveQuery<{ reads: number }>('/devices', ['device']), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ reads: 1 }));
    const failure = new Error('offline');
    getJson.mockRejectedValueOnce(failure);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.data).toEqual({ reads: 1 });
  });

  it('reads nothing and listens to nothing without a path', () => {
    const { result } = renderHook(() => useLiveQuery<unknown>(null, ['device']), { wrapper });
    expect(result.current.loading).toBe(false);
    expect(getJson).not.toHaveBeenCalled();
  });
});
