import type { DisplayBoardConfig } from '@careboard/contracts';
import type { Db } from './database.ts';
import { gatheredLoader } from './gathered-loader.ts';
import { findDisplayBoardConfigs } from './repositories/display-board-config.ts';

/** A board's config, read fresh each time; undefined when the customer has no such board. */
export type LoadBoardConfig = (customerId: string, id: number) => Promise<DisplayBoardConfig | undefined>;

const keyOf = (customerId: string, id: number) => `${id}@${customerId}`;

/**
 * After a restart every board of the node starts at once, and its config is asked for twice (its
 * publisher, its `displayBoard` watchers): the asks of a few milliseconds are answered by one
 * query per customer (decision LIVE-34). Nothing is cached between batches, as for device states.
 */
export function createBoardConfigLoader(db: Db): LoadBoardConfig {
  const load = gatheredLoader<{ customerId: string; id: number }, DisplayBoardConfig | undefined>(
    async (keys) => {
      const byCustomer = new Map<string, Set<number>>();
      for (const { customerId, id } of keys) {
        const ids = byCustomer.get(customerId) ?? new Set();
        ids.add(id);
        byCustomer.set(customerId, ids);
      }
      const found = new Map<string, DisplayBoardConfig>();
      await Promise.all(
        [...byCustomer].map(async ([customerId, ids]) => {
          for (const config of await findDisplayBoardConfigs(db, customerId, [...ids]))
            found.set(keyOf(customerId, config.id), config);
        }),
      );
      return keys.map(({ customerId, id }) => found.get(keyOf(customerId, id)));
    },
    ({ customerId, id }) => keyOf(customerId, id),
  );
  return (customerId, id) => load({ customerId, id });
}
