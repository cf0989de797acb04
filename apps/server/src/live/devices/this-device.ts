import { GRAPHQL_NOT_FOUND_CODE, type ThisDevice } from '@careboard/contracts';
import { GraphQLError } from 'graphql';
import type { LoadDeviceState } from '../../store/device-state-loader.ts';
import type { DeviceState } from '../../store/repositories/devices.ts';
import { DirectEventStream } from '../graphql/direct-event-stream.ts';
import type { LiveIdentity } from '../live-identity.ts';
import type { DeviceWatch } from './device-watch.ts';

function deviceNotFound(id: number | undefined): GraphQLError {
  return new GraphQLError(`Device with id ${id ?? 'none'} was not found.`, {
    extensions: { code: GRAPHQL_NOT_FOUND_CODE },
  });
}

function view(state: DeviceState): ThisDevice {
  return {
    id: state.id,
    name: state.name,
    display_board_id: state.display_board_id,
    reload_requested_at: state.reload_requested_at?.toISOString() ?? null,
  };
}

/**
 * `thisDevice`: a screen's own record now, then after each change of it, read through the
 * change feed so a PATCH or reload on any node reaches the screen on this one (BOF-44,
 * BOF-45). Not a screen's token, or a revoked device: not found, as for another customer's.
 * Over a socket it is written straight to it (LIVE-24).
 */
export function watchThisDevice(
  loadState: LoadDeviceState,
  devices: DeviceWatch,
  identity: LiveIdentity,
): DirectEventStream<ThisDevice> {
  const { customerId, deviceId } = identity.principal;
  return new DirectEventStream<ThisDevice>(async (events) => {
    if (deviceId === undefined) {
      events.stop(deviceNotFound(deviceId));
      return () => undefined;
    }
    let reads = Promise.resolve();
    let last = '';
    let ended = false;
    const stop = (error?: unknown) => {
      ended = true;
      events.stop(error);
    };
    const read = async () => {
      if (ended) return;
      const state = await loadState(customerId, deviceId);
      if (!state || state.revoked_at) return stop(deviceNotFound(deviceId));
      // A change of the record may leave what a screen sees the same (its speech, its release).
      const next = view(state);
      const key = JSON.stringify(next);
      if (key === last) return;
      last = key;
      events.push(next);
    };
    // Subscribed before the first read, so a change committed in between is not missed.
    const unsubscribe = await devices.watch(customerId, deviceId, () => {
      reads = reads.then(read).catch(stop);
    });
    reads = reads.then(read).catch(stop);
    return () => {
      ended = true;
      unsubscribe();
    };
  });
}
