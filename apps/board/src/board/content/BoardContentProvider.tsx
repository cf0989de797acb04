import type { BoardTypeId } from '@careboard/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useLiveClient } from '../../live/live-context.ts';
import { useRuntime } from '../../runtime-config/runtime-context.ts';
import { BoardContentContext } from './board-content-context.ts';
import { createBoardContentStore } from './board-content-store.ts';
import { subscribeBoardContent } from './subscribe-board-content.ts';

export interface BoardContentProviderProps {
  readonly boardId: number;
  readonly boardType: BoardTypeId;
  readonly children: ReactNode;
}

/**
 * Subscribes the content of the board on screen and keeps it in a store of its
 * own (rows change many times a minute; the application store holds the config).
 * When the live connection drops, the rows stay but are marked not live; the
 * first frame after the reconnect (the catch-up) makes them live again.
 */
export function BoardContentProvider({ boardId, boardType, children }: BoardContentProviderProps) {
  const { store: appStore, reporter } = useRuntime();
  const client = useLiveClient();
  const [content] = useState(() => createBoardContentStore<{ readonly key: string }>());

  useEffect(() => {
    if (!client) return;
    return subscribeBoardContent<{ readonly key: string }>(
      client,
      { id: boardId, type: boardType },
      content.version,
      {
        onFrame: (frame) => content.apply(frame),
        onError: (error) => reporter.report(error),
      },
    );
  }, [client, boardId, boardType, content, reporter]);

  useEffect(() => {
    const follow = () => {
      if (appStore.getState().connection.status !== 'connected') content.markDisconnected();
    };
    follow();
    return appStore.subscribe(follow);
  }, [appStore, content]);

  return <BoardContentContext value={content}>{children}</BoardContentContext>;
}
