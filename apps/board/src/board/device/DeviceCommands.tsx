import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLiveClient } from '../../live/live-context.ts';
import { useAppState } from '../../state/app-store-context.ts';
import { boardMemory, createDeviceCommands } from './device-commands.ts';
import { subscribeThisDevice } from './subscribe-this-device.ts';

/**
 * In a screen's session (the device flow), carries out what the back office asks of it:
 * show another board, reload (BOF-44, BOF-45). Renders nothing.
 */
export function DeviceCommands() {
  const client = useLiveClient();
  const isScreen = useAppState((state) => state.session.flow === 'device');
  const navigate = useNavigate();
  const location = useLocation();
  const router = useRef({ navigate, search: location.search });
  router.current = { navigate, search: location.search };
  // One per page: the first reload time seen lives as long as the page.
  const [onDevice] = useState(() =>
    createDeviceCommands({
      search: () => router.current.search,
      showBoard: (id) =>
        void router.current.navigate({ pathname: '/', search: `?id=${id}&auth_flow=1` }, { replace: true }),
      reload: () => window.location.reload(),
      ...boardMemory,
    }),
  );

  useEffect(() => {
    if (!client || !isScreen) return;
    return subscribeThisDevice(client, onDevice);
  }, [client, isScreen, onDevice]);

  return null;
}
