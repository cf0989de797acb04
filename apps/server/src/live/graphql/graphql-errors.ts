import { GRAPHQL_NOT_FOUND_CODE } from '@careboard/contracts';
import { GraphQLError } from 'graphql';
import { isAppError } from '../../errors/app-error.ts';

/** How a board subscription ends for a board that does not exist for the caller's customer. */
export function boardNotFound(): GraphQLError {
  return new GraphQLError('Display board does not exist.', { extensions: { code: GRAPHQL_NOT_FOUND_CODE } });
}

/**
 * The GraphQL error a subscription ends with for an error from below: the board
 * layer's missing display board (the catalogue's ENTITY_NOT_FOUND) is boardNotFound(),
 * as the board app expects; anything else goes on as it is.
 */
export function toGraphqlError(error: unknown): unknown {
  if (isAppError(error, 'ENTITY_NOT_FOUND') && error.params.entity === 'Display board')
    return boardNotFound();
  return error;
}
