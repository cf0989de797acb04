import { afterEach, describe, expect, it } from 'vitest';
import { nextPrefix, sendNext } from '../src/live/graphql/direct-subscription.ts';
import { openSocketPair, type SocketPair } from './socket-pair.ts';

describe('sendNext over a real socket', () => {
  let pair: SocketPair | undefined;
  afterEach(() => pair?.close());

  it('arrives as one text message, prefix then body, whatever its length, in order with ws’s own sends', async () => {
    pair = await openSocketPair();
    const prefix = nextPrefix('screen-1', '{"data":{"displayBoard":');
    const bodies = [10, 200, 70_000].map((length) => `${JSON.stringify('x'.repeat(length))}}}}`);
    pair.serverSide.send('{"type":"pong"}');
    for (const body of bodies) sendNext(pair.serverSide, prefix, Buffer.from(body));
    pair.serverSide.send('{"type":"pong"}');
    await pair.untilReceived(5);

    const { received } = pair;
    expect(received.map((message) => message.binary)).toEqual([false, false, false, false, false]);
    expect(received[0]?.text).toBe('{"type":"pong"}');
    for (const [index, body] of bodies.entries()) {
      const message = JSON.parse(received[index + 1]?.text ?? '') as { id: string };
      expect(message.id).toBe('screen-1');
      expect(received[index + 1]?.text).toBe(`${prefix.toString()}${body}`);
    }
    expect(received[4]?.text).toBe('{"type":"pong"}');
  });
});
