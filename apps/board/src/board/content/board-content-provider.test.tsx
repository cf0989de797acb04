import type { HttpClient } from '@careboard/web-client';
import { act, render, screen } from '@testing-library/react';
import type { Sink } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../../i18n/en-US.ts';
import { setConnectionStatus } from '../../live/connection-state.ts';
import { LiveClientContext } from '../../live/live-context.ts';
import { RuntimeConfigProvider } from '../../runtime-config/RuntimeConfigProvider.tsx';
import { testRuntimeConfig } from '../../runtime-config/test-runtime-config.ts';
import { createAppStore } from '../../state/app-store.ts';
import { BoardContentProvider } from './BoardContentProvider.tsx';
import { useBoardKeys, useContentStatus } from './board-content-context.ts';

function Probe() {
  const keys = useBoardKeys();
  const status = useContentStatus();
  return <p>{`${keys.join(',')}|${status.live ? 'live' : 'not live'}`}</p>;
}

function renderProvider() {
  const store = createAppStore();
  setConnectionStatus(store, 'connected');
  const sinks: Sink[] = [];
  const subscribe = vi.fn((_payload: unknown, sink: Sink) => {
    sinks.push(sink);
    return () => undefined;
  });
  const runtime = {
    config: testRuntimeConfig,
    customer: { id: 'acme', auth_org_id: 'org', auth_device_client_id: 'dev', locale: null },
    locale: 'en-US',
    messages: enUS,
    store,
    http: {} as HttpClient,
    reporter: { report: vi.fn() },
  };
  render(
    <RuntimeConfigProvider runtime={runtime}>
      <LiveClientContext value={{ subscribe }}>
        <BoardContentProvider boardId={1} boardType={1}>
          <Probe />
        </BoardContentProvider>
      </LiveClientContext>
    </RuntimeConfigProvider>,
  );
  const push = (frame: object) =>
    act(() => sinks[0]?.next({ data: { workflowBoard: JSON.stringify(frame) } }));
  return { store, subscribe, push };
}

describe('board content provider', () => {
  it("subscribes the board's content and shows its rows as they arrive", () => {
    const { subscribe, push } = renderProvider();
    expect(subscribe).toHaveBeenCalledTimes(1);
    push({ version: '1.0', kind: 'snapshot', changed_at: null, upserts: [{ key: 'visit:1' }], removed: [] });
    expect(screen.getByText('visit:1|live')).toBeTruthy();
  });

  it('marks the rows not live when the live connection drops, and live again on the catch-up frame', () => {
    const { store, push } = renderProvider();
    push({ version: '1.0', kind: 'snapshot', changed_at: null, upserts: [{ key: 'visit:1' }], removed: [] });
    act(() => setConnectionStatus(store, 'closed'));
    expect(screen.getByText('visit:1|not live')).toBeTruthy();
    act(() => setConnectionStatus(store, 'connected'));
    expect(screen.getByText('visit:1|not live')).toBeTruthy();
    push({ version: '1.0', kind: 'changes', changed_at: null, upserts: [], removed: [] });
    expect(screen.getByText('visit:1|live')).toBeTruthy();
  });
});
