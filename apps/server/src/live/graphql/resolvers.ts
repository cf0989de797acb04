import type { IResolvers } from '@graphql-tools/utils';
import type { ChangeFeed } from '../bus/change-feed.ts';
import { displayBoardUpdates, type FindBoardConfig } from './display-board-updates.ts';
import type { LiveContext } from './graphql-server.ts';
import { JsonScalar } from './json-scalar.ts';

export interface ResolverDeps {
  readonly feed: ChangeFeed;
  readonly findBoardConfig: FindBoardConfig;
}

export function createResolvers({ feed, findBoardConfig }: ResolverDeps): IResolvers<unknown, LiveContext> {
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
          displayBoardUpdates(feed, findBoardConfig, context.identity.customerId, args.displayBoardId),
        resolve: (config: unknown) => config,
      },
    },
  };
}
