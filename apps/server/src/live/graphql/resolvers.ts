import { BoardType, type BoardTypeId, boardContentFields, type ThisDevice } from '@careboard/contracts';
import type { IResolvers } from '@graphql-tools/utils';
import type { BoardAccess } from '../../identity/board-access.ts';
import type { BoardPublishers } from '../boards/board-publishers.ts';
import type { LiveIdentity } from '../live-identity.ts';
import type { DisplayBoardWatchers } from './display-board-watchers.ts';
import type { LiveContext } from './graphql-server.ts';
import { guardBoardStream } from './guard-board-stream.ts';
import { JsonScalar } from './json-scalar.ts';

export interface ResolverDeps {
  readonly displayBoards: DisplayBoardWatchers;
  readonly boards: BoardPublishers;
  /** A screen reads only its device's board (decision IDN-16). */
  readonly access: BoardAccess;
  /** A screen's own device record, live (BOF-44). */
  readonly thisDevice: (identity: LiveIdentity) => AsyncIterable<ThisDevice>;
  /** The kinds of record a person's customer changed, live (CON-26). */
  readonly customerChanges: (identity: LiveIdentity) => AsyncIterable<string[]>;
}

interface BoardArgs {
  readonly displayBoardId: number;
  readonly sinceVersion?: string | null;
}

/** workflowBoard, familyBoard, patientBoard, assetsBoard: each board type's frames. */
function boardContentResolvers(boards: BoardPublishers, access: BoardAccess) {
  const types = Object.values(BoardType) as BoardTypeId[];
  return Object.fromEntries(
    types.map((type) => [
      boardContentFields[type],
      {
        subscribe: (_root: unknown, args: BoardArgs, context: LiveContext) =>
          guardBoardStream(access, context.identity, args.displayBoardId, () =>
            boards.subscribe(context.identity.customerId, args.displayBoardId, type, args.sinceVersion),
          ),
        resolve: (frame: unknown) => frame,
      },
    ]),
  );
}

export function createResolvers({
  displayBoards,
  boards,
  access,
  thisDevice,
  customerChanges,
}: ResolverDeps): IResolvers<unknown, LiveContext> {
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
          guardBoardStream(access, context.identity, args.displayBoardId, () =>
            displayBoards.watch(context.identity.customerId, args.displayBoardId),
          ),
        resolve: (config: unknown) => config,
      },
      thisDevice: {
        subscribe: (_root, _args, context) => thisDevice(context.identity),
        resolve: (device: unknown) => device,
      },
      customerChanges: {
        subscribe: (_root, _args, context) => customerChanges(context.identity),
        resolve: (kinds: unknown) => kinds,
      },
      ...boardContentResolvers(boards, access),
    },
  };
}
