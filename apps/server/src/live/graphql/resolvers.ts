import { BoardType, type BoardTypeId, boardContentFields } from '@careboard/contracts';
import type { IResolvers } from '@graphql-tools/utils';
import type { BoardPublishers } from '../boards/board-publishers.ts';
import type { DisplayBoardWatchers } from './display-board-watchers.ts';
import type { LiveContext } from './graphql-server.ts';
import { JsonScalar } from './json-scalar.ts';

export interface ResolverDeps {
  readonly displayBoards: DisplayBoardWatchers;
  readonly boards: BoardPublishers;
}

interface BoardArgs {
  readonly displayBoardId: number;
  readonly sinceVersion?: string | null;
}

/** workflowBoard, familyBoard, patientBoard, assetsBoard: each board type's frames. */
function boardContentResolvers(boards: BoardPublishers) {
  const types = Object.values(BoardType) as BoardTypeId[];
  return Object.fromEntries(
    types.map((type) => [
      boardContentFields[type],
      {
        subscribe: (_root: unknown, args: BoardArgs, context: LiveContext) =>
          boards.subscribe(context.identity.customerId, args.displayBoardId, type, args.sinceVersion),
        resolve: (frame: unknown) => frame,
      },
    ]),
  );
}

export function createResolvers({ displayBoards, boards }: ResolverDeps): IResolvers<unknown, LiveContext> {
  return {
    JSON: JsonScalar,
    Query: {
      now: () => new Date().toISOString(),
    },
    Mutation: {
      authenticate: async (_root, args: { token: string }, context) => ({
        expires_at: await context.identity.renew(args.token),
      }),
    },
    Subscription: {
      displayBoard: {
        subscribe: (_root, args: { displayBoardId: number }, context) =>
          displayBoards.watch(context.identity.customerId, args.displayBoardId),
        resolve: (config: unknown) => config,
      },
      ...boardContentResolvers(boards),
    },
  };
}
