import { type DisplayBoardConfig, displayBoardSubscription } from '@careboard/contracts';
import type { Client, Sink } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../state/app-store.ts';
import { applyBoardUpdate, selectBoardConfig } from './board-state.ts';
import { type BoardUpdate, subscribeDisplayBoard } from './subscribe-display-board.ts';
import { boardConfig } from './test-board-config.ts';

/** A graphql-ws client stand-in that records subscriptions and lets the test push results. */
function fakeClient() {
  const sinks: Sink[] = [];
  const unsubscribe = vi.fn();
  const subscribe = vi.fn((_payload: unknown, sink: Sink) => {
    sinks.push(sink);
    return unsubscribe;
  });
  return { client: { subscribe } as unknown as Pick<Client, 'subscribe'>, subscribe, sinks, unsubscribe };
}

function subscribed(id = 1) {
  const fake = fakeClient();
  const updates: BoardUpdate[] = [];
  const stop = subscribeDisplayBoard(fake.client, id, (update) => updates.push(update));
  const sink = fake.sinks[0];
  if (!sink) throw new Error('not subscribed');
  return { ...fake, updates, stop, sink };
}

describe('display board subscription', () => {
  it('subscribes the contracts operation with { displayBoardId }', () => {
    const { subscribe } = subscribed(7);
    expect(subscribe).toHaveBeenCalledWith(
      { query: displayBoardSubscription, variables: { displayBoardId: 7 } },
      expect.any(Object),
    );
  });

  it('passes on a config that validates', () => {
    const { sink, updates } = subscribed();
    sink.next({ data: { displayBoard: boardConfig } });
    expect(updates).toEqual([{ kind: 'config', config: boardConfig }]);
  });

  it('fails a config that does not validate', () => {
    const { sink, updates } = subscribed();
    sink.next({ data: { displayBoard: { ...boardConfig, display_board_type_id: 9 } } });
    expect(updates[0]?.kind).toBe('failed');
  });

  it('turns an ENTITY_NOT_FOUND GraphQL error into not-found, as a result or as an error', () => {
    const notFound = [
      { message: 'Display board with id 1 was not found.', extensions: { code: 'ENTITY_NOT_FOUND' } },
    ];
    const asResult = subscribed();
    asResult.sink.next({ errors: notFound });
    expect(asResult.updates).toEqual([{ kind: 'not-found' }]);
    const asError = subscribed();
    asError.sink.error(notFound);
    expect(asError.updates).toEqual([{ kind: 'not-found' }]);
  });

  it('fails on any other GraphQL error', () => {
    const { sink, updates } = subscribed();
    sink.error([{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }]);
    expect(updates[0]?.kind).toBe('failed');
  });

  it('unsubscribes', () => {
    const { stop, unsubscribe } = subscribed();
    stop();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('keeps the config in the application store', () => {
    const store = createAppStore();
    applyBoardUpdate(store, 1, { kind: 'config', config: boardConfig as DisplayBoardConfig });
    expect(selectBoardConfig(store.getState().board)).toEqual(boardConfig);
    applyBoardUpdate(store, 1, { kind: 'not-found' });
    expect(store.getState().board).toEqual({ status: 'not-found', id: 1 });
  });
});
