import type { BoardFrame, DisplayBoardConfig } from '@careboard/contracts';
import type { ErrorReporter, HttpClient } from '@careboard/web-client';
import { act, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { enUS, type Messages } from '../../i18n/en-US.ts';
import { RuntimeConfigProvider } from '../../runtime-config/RuntimeConfigProvider.tsx';
import type { Runtime } from '../../runtime-config/runtime-context.ts';
import { testRuntimeConfig } from '../../runtime-config/test-runtime-config.ts';
import { createAppStore } from '../../state/app-store.ts';
import { boardConfig } from '../test-board-config.ts';
import { BoardContentContext } from './board-content-context.ts';
import { type BoardContentStore, createBoardContentStore } from './board-content-store.ts';

export interface BoardScreenOptions {
  readonly config?: Partial<DisplayBoardConfig>;
  readonly locale?: string;
  readonly messages?: Messages;
  readonly customerName?: string;
}

let versionCounter = 0;

/** A frame as the server sends it; versions grow with each call. */
export function testFrame<R>(
  kind: BoardFrame<R>['kind'],
  upserts: readonly R[],
  removed: readonly string[] = [],
  changedAt: string | null = null,
): BoardFrame<R> {
  versionCounter += 1;
  return { version: `${versionCounter}.0`, kind, changed_at: changedAt, upserts, removed };
}

/**
 * Test helper: renders a board screen with its config in the application store
 * and a content store the test feeds frames into (the live connection is the
 * boundary faked here).
 */
export function renderBoardScreen<R extends { readonly key: string }>(
  ui: ReactElement,
  options: BoardScreenOptions = {},
) {
  const store = createAppStore();
  const config: DisplayBoardConfig = { ...boardConfig, ...options.config };
  store.setState({
    board: { status: 'ready', id: config.id, config },
    connection: { status: 'connected', everConnected: true },
  });
  const content = createBoardContentStore<R>();
  const runtime: Runtime = {
    config: testRuntimeConfig,
    customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: 'device-acme', locale: null },
    locale: options.locale ?? 'en-US',
    messages: options.messages ?? enUS,
    store,
    http: {} as HttpClient,
    reporter: { report: vi.fn() } satisfies ErrorReporter,
  };
  const view = render(
    <RuntimeConfigProvider runtime={runtime}>
      <BoardContentContext value={content as never}>{ui}</BoardContentContext>
    </RuntimeConfigProvider>,
  );
  return {
    ...view,
    store,
    content,
    config,
    /** Applies a frame inside act(), as the subscription would. */
    apply(frame: BoardFrame<R>) {
      act(() => content.apply(frame));
    },
    snapshot(rows: readonly R[]) {
      act(() => content.apply(testFrame('snapshot', rows)));
    },
    disconnect() {
      act(() => content.markDisconnected());
    },
  };
}

/** Test helper: a `wrapper` for renderHook that gives the board/content hooks this content store. */
export function contentWrapper<R extends { readonly key: string }>(content: BoardContentStore<R>) {
  return function ContentWrapper({ children }: { readonly children: ReactNode }) {
    return <BoardContentContext value={content as never}>{children}</BoardContentContext>;
  };
}
