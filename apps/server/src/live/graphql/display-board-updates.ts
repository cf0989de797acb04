import { type DisplayBoardConfig, GRAPHQL_NOT_FOUND_CODE } from '@careboard/contracts';
import { GraphQLError } from 'graphql';

/** Reads a board's config for a customer; undefined when the customer has no such board. */
export type FindBoardConfig = (customerId: string, id: number) => Promise<DisplayBoardConfig | undefined>;

/** How a board subscription ends for a board that does not exist for the caller's customer. */
export function boardNotFound(): GraphQLError {
  return new GraphQLError('Display board does not exist.', { extensions: { code: GRAPHQL_NOT_FOUND_CODE } });
}
