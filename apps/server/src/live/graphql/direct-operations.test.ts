import { displayBoardSubscription, thisDeviceSubscription } from '@careboard/contracts';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { DirectOperations } from './direct-operations.ts';
import type { LiveContext } from './live-context.ts';
import { DEFAULT_OPERATION_LIMITS } from './operation-limits.ts';
import { typeDefs } from './schema-text.ts';

// The live schema's own types, without resolvers: what matters here is which operations are taken.
const schema = buildSchema(typeDefs);

function operations(acknowledged = true) {
  const sent: unknown[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (data: string) => sent.push(JSON.parse(data)),
    close: () => undefined,
  } as unknown as WebSocket;
  const admitted: string[] = [];
  const direct = new DirectOperations({
    socket,
    schema,
    limits: DEFAULT_OPERATION_LIMITS,
    protocol: { acknowledged, subscriptions: {} },
    admit: (id) => {
      admitted.push(id);
      return { operationKey: id, direct: { socket, id, slowBytes: 1 } } as unknown as LiveContext;
    },
    finish: () => undefined,
  });
  const subscribe = (id: string, query: string, variables?: object) =>
    direct.take(Buffer.from(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } })));
  return { direct, subscribe, admitted, sent };
}

describe('DirectOperations.take', () => {
  it("takes the screens' own subscriptions, with the board app's documents", () => {
    const { subscribe, admitted } = operations();
    expect(subscribe('a', displayBoardSubscription, { displayBoardId: 1 })).toBe(true);
    expect(subscribe('b', thisDeviceSubscription)).toBe(true);
    expect(admitted).toEqual(['a', 'b']);
  });

  it('leaves everything else to graphql-ws', () => {
    const { direct, subscribe, admitted } = operations();
    expect(subscribe('q', '{ now }')).toBe(false);
    expect(subscribe('s', 'subscription { customerChanges }')).toBe(false);
    expect(subscribe('bad', 'subscription { displayBoard(')).toBe(false);
    expect(direct.take(Buffer.from('{"type":"connection_init"}'))).toBe(false);
    expect(direct.take(Buffer.from('not json'))).toBe(false);
    expect(direct.take(Buffer.from(JSON.stringify({ id: 'x', type: 'complete' })))).toBe(false);
    expect(admitted).toEqual([]);
  });

  it('takes nothing before the connection is acknowledged (graphql-ws closes it 4401)', () => {
    const { subscribe } = operations(false);
    expect(subscribe('a', displayBoardSubscription, { displayBoardId: 1 })).toBe(false);
  });

  it("takes a client's complete of its own operation only", async () => {
    const { direct, subscribe } = operations();
    subscribe('a', displayBoardSubscription, { displayBoardId: 1 });
    expect(direct.take(Buffer.from(JSON.stringify({ id: 'a', type: 'complete' })))).toBe(true);
    expect(direct.take(Buffer.from(JSON.stringify({ id: 'a', type: 'complete' })))).toBe(false);
  });
});
