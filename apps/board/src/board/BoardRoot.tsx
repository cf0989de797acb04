import { boardTypeRoutes } from '@careboard/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { markAppStable } from '../release/app-stable.ts';
import { UNRECOVERABLE_RELOAD_MS } from '../release/unrecoverable.ts';
import { readBoardId } from '../runtime-config/read-board-id.ts';
import { SnackbarMessage } from '../ui/lazy-messages.tsx';
import { MessageScreen } from '../ui/MessageScreen.tsx';
import { BoardContentProvider } from './content/BoardContentProvider.tsx';
import { useDisplayBoardSubscription } from './use-display-board.ts';

/** The guarded root's content: board id from `?id=`, then the config, then the type guard. */
export function BoardRoot() {
  const location = useLocation();
  const id = readBoardId(location.search);
  if (id === null) return <MessageScreen id="board.missingId" />;
  return <BoardTypeGuard id={id} />;
}

/**
 * Routes to the board type's route once the config exists, keeping the query
 * string; only that route is reachable (`/family?id=1` for a workflow board
 * goes to `/workflow?id=1`).
 */
function BoardTypeGuard({ id }: { readonly id: number }) {
  const location = useLocation();
  const board = useDisplayBoardSubscription(id);

  useEffect(() => {
    if (board.status === 'ready') markAppStable();
    if (board.status !== 'failed') return;
    // Nothing on this page can fix a failed subscription; a fresh load (maybe of a newer release) can.
    const timer = setTimeout(() => window.location.reload(), UNRECOVERABLE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [board.status]);

  switch (board.status) {
    case 'idle':
    case 'loading':
      return null;
    case 'not-found':
      return <SnackbarMessage id="board.notFound" />;
    case 'failed':
      return <MessageScreen id="error.unexpected" />;
    case 'ready': {
      const route = boardTypeRoutes[board.config.display_board_type_id];
      if (location.pathname.replace(/^\/+|\/+$/g, '') !== route) {
        return <Navigate to={{ pathname: `/${route}`, search: location.search }} replace />;
      }
      const type = board.config.display_board_type_id;
      return (
        <BoardContentProvider key={`${id}:${type}`} boardId={id} boardType={type}>
          <Outlet />
        </BoardContentProvider>
      );
    }
  }
}
