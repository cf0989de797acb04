import type { Db } from './database.ts';
import { gatheredLoader } from './gathered-loader.ts';
import { type DeviceState, findDeviceStates } from './repositories/devices.ts';

/** A device's state, read fresh each time, but many at once answered by one query. */
export type LoadDeviceState = (customerId: string, id: number) => Promise<DeviceState | undefined>;

const keyOf = (customerId: string, id: number) => `${id}@${customerId}`;

/**
 * Thousands of screens reconnecting after a restart each ask for their device's state (to be
 * held online, for `thisDevice`, for the board they may read): DataLoader gathers the asks of a
 * few milliseconds into one read (decision LIVE-20). Nothing is cached between batches.
 */
export function createDeviceStateLoader(db: Db): LoadDeviceState {
  const load = gatheredLoader<{ customerId: string; id: number }, DeviceState | undefined>(
    async (keys) => {
      const found = new Map<string, DeviceState>();
      for (const state of await findDeviceStates(db, keys))
        found.set(keyOf(state.customer_id, state.id), state);
      return keys.map(({ customerId, id }) => found.get(keyOf(customerId, id)));
    },
    ({ customerId, id }) => keyOf(customerId, id),
  );
  return (customerId, id) => load({ customerId, id });
}
