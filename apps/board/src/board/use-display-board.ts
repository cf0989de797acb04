import type { DisplayBoardConfig } from '@careboard/contracts';
import { useEffect } from 'react';
import { useLiveClient } from '../live/live-context.ts';
import { useRuntime } from '../runtime-config/runtime-context.ts';
import type { BoardState } from '../state/app-store.ts';
import { useAppState } from '../state/app-store-context.ts';
import { applyBoardUpdate, boardLoading, selectBoardConfig } from './board-state.ts';
import { subscribeDisplayBoard } from './subscribe-display-board.ts';

/** Subscribes the board config for `id` while mounted; answers the board's state for that id. */
export function useDisplayBoardSubscription(id: number): BoardState {
  const { store, reporter } = useRuntime();
  const client = useLiveClient();

  useEffect(() => {
    if (!client) return;
    boardLoading(store, id);
    return subscribeDisplayBoard(client, id, (update) => {
      if (update.kind === 'failed') reporter.report(update.error);
      applyBoardUpdate(store, id, update);
    });
  }, [client, id, store, reporter]);

  const board = useAppState((state) => state.board);
  // A state left from another id is not this board's.
  return board.status !== 'idle' && board.id === id ? board : { status: 'loading', id };
}

/** The config of the board on screen; the board routes render only once it exists. */
export function useBoardConfig(): DisplayBoardConfig | null {
  return useAppState((state) => selectBoardConfig(state.board));
}
