import { type ThisDevice, thisDeviceSubscription } from '@careboard/contracts';
import type { Client } from 'graphql-ws';

function isThisDevice(value: unknown): value is ThisDevice {
  if (typeof value !== 'object' || value === null) return false;
  const device = value as Record<string, unknown>;
  return (
    typeof device.id === 'number' &&
    (device.display_board_id === null || typeof device.display_board_id === 'number') &&
    (device.reload_requested_at === null || typeof device.reload_requested_at === 'string')
  );
}

/**
 * A screen's own device record over the live connection: now, then after each change
 * (decision BOF-44). graphql-ws subscribes again after a reconnect, so a change made while
 * the screen was away arrives as its next first value. Answers the unsubscribe function.
 */
export function subscribeThisDevice(
  client: Pick<Client, 'subscribe'>,
  onDevice: (device: ThisDevice) => void,
): () => void {
  return client.subscribe<{ thisDevice?: unknown }>(
    { query: thisDeviceSubscription },
    {
      next(result) {
        const device = result.data?.thisDevice;
        if (isThisDevice(device)) onDevice(device);
      },
      // Not a screen's session, or a revoked one (its connection closes and the session ends).
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
