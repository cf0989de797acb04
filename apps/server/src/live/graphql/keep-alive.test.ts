import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { keepConnectionsAlive } from './keep-alive.ts';

describe('keepConnectionsAlive over a real socket', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  it('answers each ping with a text pong, in order with what else the server sends, and passes other messages on', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const stop = keepConnectionsAlive(server, 0);
    const heard: string[] = [];
    server.on('connection', (socket) => socket.on('message', (data) => heard.push(String(data))));
    const accepted = once(server, 'connection') as Promise<[WebSocket]>;
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const [serverSide] = await accepted;
    await once(client, 'open');
    const received: { text: string; binary: boolean }[] = [];
    client.on('message', (data, binary) => received.push({ text: String(data), binary }));

    client.send('{"type":"ping"}');
    while (received.length < 1) await once(client, 'message');
    serverSide.send('{"type":"next"}');
    client.send('{"type":"ping"}');
    client.send('{"type":"subscribe"}');
    while (received.length < 3) await once(client, 'message');
    while (heard.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));

    expect(received).toEqual([
      { text: '{"type":"pong"}', binary: false },
      { text: '{"type":"next"}', binary: false },
      { text: '{"type":"pong"}', binary: false },
    ]);
    expect(heard).toEqual(['{"type":"subscribe"}']);
    stop();
    client.close();
  });
});
