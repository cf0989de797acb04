import type { AppStore, ConnectionStatus } from '../state/app-store.ts';

export function setConnectionStatus(store: AppStore, status: ConnectionStatus): void {
  const { connection } = store.getState();
  store.setState({
    connection: { status, everConnected: connection.everConnected || status === 'connected' },
  });
}
