import { afterEach, describe, expect, it } from 'vitest';
import { keepConnectionsAlive } from '../src/live/graphql/keep-alive.ts';
import { openSocketPair, type SocketPair } from './socket-pair.ts';

describe('keepConnectionsAlive over a real socket', () => {
  let pair: SocketPair | undefined;
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    pair?.close();
  });

  it('answers each ping with a text pong, in order with what else the server sends, and passes other messages on', async () => {
    const heard: string[] = [];
    pair = await openSocketPair((server) => {
      stop = keepConnectionsAlive(server, 0);
      server.on('connection', (socket) => socket.on('message', (data) => heard.push(String(data))));
    });
    pair.client.send('{"type":"ping"}');
    await pair.untilReceived(1);
    pair.serverSide.send('{"type":"next"}');
    pair.client.send('{"type":"ping"}');
    pair.client.send('{"type":"subscribe"}');
    await pair.untilReceived(3);
    while (heard.length < 1) await new Promise((resolve) => setTimeout(resolve, 5));

    expect(pair.received).toEqual([
      { text: '{"type":"pong"}', binary: false },
      { text: '{"type":"next"}', binary: false },
      { text: '{"type":"pong"}', binary: false },
    ]);
    expect(heard).toEqual(['{"type":"subscribe"}']);
  });
});
