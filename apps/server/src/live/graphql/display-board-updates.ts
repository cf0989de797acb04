import { type DisplayBoardConfig, GRAPHQL_NOT_FOUND_CODE } from '@careboard/contracts';
import { Repeater } from '@repeaterjs/repeater';
import { GraphQLError } from 'graphql';
import type { ChangeRow } from '../../store/change-log.ts';
import type { ChangeFeed } from '../bus/change-feed.ts';

export type FindBoardConfig = (customerId: string, id: number) => Promise<DisplayBoardConfig | undefined>;

export function boardNotFound(): GraphQLError {
  return new GraphQLError('Display board does not exist.', { extensions: { code: GRAPHQL_NOT_FOUND_CODE } });
}

function touchesBoard(rows: readonly ChangeRow[], id: number): boolean {
  return rows.some((row) => row.entity === 'display_board' && row.entity_id === id);
}

/**
 * The board's config now, then again after each change to it. An unknown board
 * (or another customer's: the customer comes from the token) ends the stream
 * with the not-found error; so does a board deleted while watched.
 */
export function displayBoardUpdates(
  feed: ChangeFeed,
  find: FindBoardConfig,
  customerId: string,
  id: number,
): Repeater<DisplayBoardConfig> {
  return new Repeater<DisplayBoardConfig>(async (push, stop) => {
    let reads = Promise.resolve();
    const send = () => {
      reads = reads.then(async () => {
        const config = await find(customerId, id);
        if (config) await push(config);
        else stop(boardNotFound());
      });
      reads.catch((error: unknown) => stop(error));
    };
    const unsubscribe = await feed.subscribe(customerId, (rows) => {
      if (touchesBoard(rows, id)) send();
    });
    send();
    await stop;
    unsubscribe();
  });
}
