import type { DisplayBoardConfig } from '@careboard/contracts';
import type { AppStore, BoardState } from '../state/app-store.ts';
import type { BoardUpdate } from './subscribe-display-board.ts';

export function boardLoading(store: AppStore, id: number): void {
  store.setState({ board: { status: 'loading', id } });
}

/** Applies a subscription update to the one application store. */
export function applyBoardUpdate(store: AppStore, id: number, update: BoardUpdate): void {
  const board: BoardState =
    update.kind === 'config'
      ? { status: 'ready', id, config: update.config }
      : update.kind === 'not-found'
        ? { status: 'not-found', id }
        : { status: 'failed', id };
  store.setState({ board });
}

/** The config of the board being shown, or null before it has arrived. */
export function selectBoardConfig(board: BoardState): DisplayBoardConfig | null {
  return board.status === 'ready' ? board.config : null;
}
