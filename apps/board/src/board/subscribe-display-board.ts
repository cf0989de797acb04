import {
  type DisplayBoardConfig,
  displayBoardConfigSchema,
  displayBoardSubscription,
  GRAPHQL_NOT_FOUND_CODE,
} from '@careboard/contracts';
import type { Client } from 'graphql-ws';

export type BoardUpdate =
  | { readonly kind: 'config'; readonly config: DisplayBoardConfig }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'failed'; readonly error: unknown };

interface FormattedError {
  readonly message?: unknown;
  readonly extensions?: { readonly code?: unknown } | null;
}

/**
 * Subscribes the display board config by id over the live connection,
 * validates every result, and turns the server's ENTITY_NOT_FOUND GraphQL
 * error into 'not-found'. Answers the unsubscribe function.
 */
export function subscribeDisplayBoard(
  client: Pick<Client, 'subscribe'>,
  displayBoardId: number,
  onUpdate: (update: BoardUpdate) => void,
): () => void {
  return client.subscribe<{ displayBoard?: unknown }>(
    { query: displayBoardSubscription, variables: { displayBoardId } },
    {
      next(result) {
        if (result.errors && result.errors.length > 0) {
          onUpdate(updateForErrors(result.errors));
          return;
        }
        const board = result.data?.displayBoard;
        // A null board without an error is the server saying it has none by that id.
        if (board === null || board === undefined) {
          onUpdate({ kind: 'not-found' });
          return;
        }
        const parsed = displayBoardConfigSchema.safeParse(board);
        onUpdate(
          parsed.success ? { kind: 'config', config: parsed.data } : { kind: 'failed', error: parsed.error },
        );
      },
      error(error) {
        // graphql-ws hands operation errors over as an array of GraphQL errors, anything else as itself.
        onUpdate(Array.isArray(error) ? updateForErrors(error) : { kind: 'failed', error });
      },
      complete() {
        // The server ends a subscription only with an error; nothing to do on a plain completion.
      },
    },
  );
}

function updateForErrors(errors: readonly FormattedError[]): BoardUpdate {
  if (errors.some((error) => error.extensions?.code === GRAPHQL_NOT_FOUND_CODE)) return { kind: 'not-found' };
  const first = errors[0];
  return { kind: 'failed', error: new Error(`GraphQL error: ${String(first?.message ?? 'unknown')}`) };
}
