import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { nextPrefix, sendNext } from './direct-subscription.ts';

describe('sendNext over a real socket', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  it('arrives as one text message, prefix then body, whatever its length, in order with ws’s own sends', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[WebSocket]>;
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const [serverSide] = await accepted;
    await once(client, 'open');
    const received: { text: string; binary: boolean }[] = [];
    client.on('message', (data, binary) => received.push({ text: String(data), binary }));

    const prefix = nextPrefix('screen-1', '{"data":{"displayBoard":');
    const bodies = [10, 200, 70_000].map((length) => `${JSON.stringify('x'.repeat(length))}}}}`);
    serverSide.send('{"type":"pong"}');
    for (const body of bodies) sendNext(serverSide, prefix, Buffer.from(body));
    serverSide.send('{"type":"pong"}');
    while (received.length < 5) await once(client, 'message');

    expect(received.map((message) => message.binary)).toEqual([false, false, false, false, false]);
    expect(received[0]?.text).toBe('{"type":"pong"}');
    for (const [index, body] of bodies.entries()) {
      const message = JSON.parse(received[index + 1]?.text ?? '') as { id: string; payload: unknown };
      expect(message.id).toBe('screen-1');
      expect(received[index + 1]?.text).toBe(`${prefix.toString()}${body}`);
    }
    expect(received[4]?.text).toBe('{"type":"pong"}');
    client.close();
  });
});
