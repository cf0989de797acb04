import {
  type BoardFrame,
  type BoardTypeId,
  boardContentFields,
  boardContentSubscription,
} from '@careboard/contracts';
import type { Client } from 'graphql-ws';

export interface BoardContentHandlers<R> {
  readonly onFrame: (frame: BoardFrame<R>) => void;
  readonly onError: (error: unknown) => void;
}

/**
 * Subscribes a board type's content frames. graphql-ws re-sends the same
 * subscription after every reconnect, serializing its payload anew each time:
 * `sinceVersion` is a getter, so each resubscription asks for what came after the
 * last frame applied and the server answers exactly the frames missed (or a
 * snapshot). Frames are JSON text, parsed once here.
 */
export function subscribeBoardContent<R>(
  client: Pick<Client, 'subscribe'>,
  board: { readonly id: number; readonly type: BoardTypeId },
  lastVersion: () => string | null,
  handlers: BoardContentHandlers<R>,
): () => void {
  const field = boardContentFields[board.type];
  const variables = {
    displayBoardId: board.id,
    get sinceVersion() {
      return lastVersion();
    },
  };
  return client.subscribe<Record<string, unknown>>(
    { query: boardContentSubscription(field), variables },
    {
      next(result) {
        if (result.errors && result.errors.length > 0) {
          handlers.onError(new Error(`GraphQL error: ${String(result.errors[0]?.message ?? 'unknown')}`));
          return;
        }
        const text = result.data?.[field];
        if (typeof text !== 'string') return;
        try {
          handlers.onFrame(JSON.parse(text) as BoardFrame<R>);
        } catch (error) {
          handlers.onError(error);
        }
      },
      error: (error) => handlers.onError(error),
      complete() {
        // The server ends a content subscription only when the board goes away; the config subscription says so.
      },
    },
  );
}
