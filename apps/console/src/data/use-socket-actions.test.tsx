import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRuntime } from '../app/test-harness.tsx';
import { enUS } from '../i18n/en-US.ts';
import { ConsoleRuntimeProvider } from '../runtime-config/ConsoleRuntimeProvider.tsx';

const sent: { action: string; request: unknown; correlationId: string | undefined }[] = [];
let answer: (action: string) => Promise<unknown> = async () => ({});
const closed = vi.fn();
vi.mock('./action-socket.ts', () => ({
  openActionSocket: () => ({
    send: (action: string, request: unknown, correlationId?: string) => {
      sent.push({ action, request, correlationId });
      return answer(action);
    },
    close: closed,
  }),
}));
const { CLEAR_AFTER_SUCCESS_MS, useSocketActions } = await import('./use-socket-actions.ts');

const wrapper = ({ children }: { children: ReactNode }) => (
  <ConsoleRuntimeProvider runtime={testRuntime()}>
    <IntlProvider locale="en-US" messages={enUS}>
      {children}
    </IntlProvider>
  </ConsoleRuntimeProvider>
);

describe('useSocketActions', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    sent.length = 0;
    closed.mockReset();
  });

  it('sends with a fresh correlation id, marks the record done and clears it 5 s after success', async () => {
    answer = async () => ({ call_id: 7 });
    const { result } = renderHook(() => useSocketActions(), { wrapper });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.send('patient.call', { visit_id: 1, station_id: 2 }, 'Call');
    });
    expect(outcome).toEqual({ call_id: 7 });
    expect(sent[0]?.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.records.map((r) => r.status)).toEqual(['done']);
    await act(() => vi.advanceTimersByTimeAsync(CLEAR_AFTER_SUCCESS_MS - 100));
    expect(result.current.records).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current.records).toEqual([]);
  });

  it("keeps a failed record with the catalogue's text until dismissed", async () => {
    answer = () => Promise.reject({ code: 'TAG_IS_IN_USE', message: 'This Badge is currently in use.' });
    const { result } = renderHook(() => useSocketActions(), { wrapper });
    await act(async () => {
      await result.current.send('patient.badge', { visit_id: 1, badge_id: 3 }, 'Badge');
    });
    await act(() => vi.advanceTimersByTimeAsync(CLEAR_AFTER_SUCCESS_MS * 2));
    expect(result.current.records).toMatchObject([
      { status: 'failed', error: 'This Badge is currently in use.', label: 'Badge' },
    ]);
    const [record] = result.current.records;
    act(() => result.current.dismiss(record?.correlationId ?? ''));
    expect(result.current.records).toEqual([]);
  });

  it('closes its socket when the page closes', () => {
    const { unmount } = renderHook(() => useSocketActions(), { wrapper });
    unmount();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
