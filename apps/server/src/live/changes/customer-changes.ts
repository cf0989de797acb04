import { GRAPHQL_NOT_FOUND_CODE } from '@careboard/contracts';
import { Repeater } from '@repeaterjs/repeater';
import { GraphQLError } from 'graphql';
import type { ChangeFeed } from '../bus/change-feed.ts';
import type { LiveIdentity } from '../live-identity.ts';

/**
 * `customerChanges`: `[]` once listening, then after each batch of commits of the caller's customer, the distinct kinds of
 * record they touched, in the order first seen (decision CON-26). The names only: what changed is
 * read again through REST, under the reader's scopes, so this stream can leak nothing a person
 * may not read. A screen's token is refused (screens have their own streams).
 */
export function watchCustomerChanges(feed: ChangeFeed, identity: LiveIdentity): AsyncIterable<string[]> {
  return new Repeater<string[]>(async (push, stop) => {
    if (identity.principal.deviceId !== undefined)
      return stop(
        new GraphQLError('customerChanges is for people, not screens.', {
          extensions: { code: GRAPHQL_NOT_FOUND_CODE },
        }),
      );
    let unsubscribe: (() => void) | undefined;
    try {
      unsubscribe = await feed.subscribe(identity.customerId, (rows) => {
        const kinds = [...new Set(rows.map((row) => row.entity))];
        if (kinds.length > 0) void push(kinds);
      });
      // A first, empty answer once listening: the subscriber knows it is live (and a client can
      // read everything now, knowing no change from here on is missed).
      await push([]);
      await stop;
    } catch (error) {
      stop(error);
    } finally {
      unsubscribe?.();
    }
  });
}
