import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Pages are lazy chunks (MUI's DataGrid among them): the first import of one in a worker can take
// seconds on a busy 2-core machine, past find*'s default second. A wait, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Unit tests have no server: a WebSocket that stays connecting and never says anything, so pages
 * that open the change stream or the socket gateway render without reaching the network (jsdom's
 * own would try example.test and report an error event per attempt). Browser tests use real ones.
 */
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly readyState: number = 0;
  readonly protocol = '';
  readonly extensions = '';
  bufferedAmount = 0;
  binaryType = 'blob';
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
  }
  send(): void {}
  close(): void {}
}
globalThis.WebSocket = SilentWebSocket as unknown as typeof WebSocket;
