import type { BoardFrame, WorkflowBoardRow } from '@careboard/contracts';
import { boardContentSubscription } from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

export interface BoardWatch {
  /** Resolves at the first frame showing the visit at the location, with the time it arrived. */
  until(visitId: number, locationName: string): { arrived: Promise<number>; cancel(): void };
  close(): Promise<void>;
}

/** The workflow board's live content, as a screen receives it (graphql-ws, the real protocol). */
export async function watchWorkflowBoard(
  graphqlUrl: string,
  token: string,
  boardId: number,
): Promise<BoardWatch> {
  const client: Client = createClient({
    url: graphqlUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  const waiters = new Set<{ visitId: number; locationName: string; resolve: (at: number) => void }>();
  let first: () => void = () => {};
  const live = new Promise<void>((resolve) => (first = resolve));
  client.subscribe<{ workflowBoard: string }>(
    { query: boardContentSubscription('workflowBoard'), variables: { displayBoardId: boardId } },
    {
      next: (value) => {
        const at = performance.now();
        first();
        const text = value.data?.workflowBoard;
        if (!text) return;
        const frame = JSON.parse(text) as BoardFrame<WorkflowBoardRow>;
        for (const row of frame.upserts) {
          if (row.type !== 'visit') continue;
          for (const waiter of waiters) {
            if (waiter.visitId === row.visit_id && waiter.locationName === row.location_name) {
              waiters.delete(waiter);
              waiter.resolve(at);
            }
          }
        }
      },
      error: (error) => process.stderr.write(`board subscription failed: ${JSON.stringify(error)}\n`),
      complete: () => undefined,
    },
  );
  await live;
  return {
    until(visitId, locationName) {
      let waiter: { visitId: number; locationName: string; resolve: (at: number) => void } | undefined;
      const arrived = new Promise<number>((resolve) => {
        waiter = { visitId, locationName, resolve };
        waiters.add(waiter);
      });
      return { arrived, cancel: () => waiter && waiters.delete(waiter) };
    },
    close: () => client.dispose() as Promise<void>,
  };
}
