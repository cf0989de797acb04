import { boardContentSubscription } from '@careboard/contracts';
import type { Client, Sink } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import { subscribeBoardContent } from './subscribe-board-content.ts';

function fakeClient() {
  const calls: { payload: { query: string; variables: Record<string, unknown> }; sink: Sink }[] = [];
  const subscribe = vi.fn((payload: (typeof calls)[number]['payload'], sink: Sink) => {
    calls.push({ payload, sink });
    return () => undefined;
  });
  return { client: { subscribe } as unknown as Pick<Client, 'subscribe'>, calls };
}

describe('board content subscription', () => {
  it("subscribes the board type's field with the board id", () => {
    const { client, calls } = fakeClient();
    subscribeBoardContent(client, { id: 4, type: 2 }, () => null, { onFrame: vi.fn(), onError: vi.fn() });
    expect(calls[0]?.payload.query).toBe(boardContentSubscription('familyBoard'));
    expect(JSON.parse(JSON.stringify(calls[0]?.payload.variables))).toEqual({
      displayBoardId: 4,
      sinceVersion: null,
    });
  });

  it('asks for what came after the last frame applied each time the payload is sent again (a reconnect)', () => {
    const { client, calls } = fakeClient();
    let version: string | null = null;
    subscribeBoardContent(client, { id: 1, type: 1 }, () => version, { onFrame: vi.fn(), onError: vi.fn() });
    version = '42.3';
    // graphql-ws serializes the same payload object again when it resubscribes.
    expect(JSON.parse(JSON.stringify(calls[0]?.payload)).variables.sinceVersion).toBe('42.3');
  });

  it('parses each frame once from its JSON text', () => {
    const { client, calls } = fakeClient();
    const onFrame = vi.fn();
    subscribeBoardContent(client, { id: 1, type: 3 }, () => null, { onFrame, onError: vi.fn() });
    const frame = { version: '1.0', kind: 'snapshot', changed_at: null, upserts: [], removed: [] };
    calls[0]?.sink.next({ data: { patientBoard: JSON.stringify(frame) } });
    expect(onFrame).toHaveBeenCalledWith(frame);
  });

  it('reports GraphQL errors and unreadable frames instead of applying them', () => {
    const { client, calls } = fakeClient();
    const onFrame = vi.fn();
    const onError = vi.fn();
    subscribeBoardContent(client, { id: 1, type: 4 }, () => null, { onFrame, onError });
    calls[0]?.sink.next({ data: { assetsBoard: '{not json' } });
    calls[0]?.sink.next({ errors: [{ message: 'boom' }] } as never);
    expect(onFrame).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(2);
  });
});
