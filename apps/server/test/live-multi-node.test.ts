import {
  type ClientToServerEvents,
  displayBoardSubscription,
  type ServerToClientEvents,
} from '@careboard/contracts';
import { createClient } from 'graphql-ws';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../src/store/free-port.ts';
import { take } from './live-clients.ts';
import { clusterToken, type Node, restCall, startCluster } from './multi-node-cluster.ts';
import { createTestDatabase } from './test-database.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type BoardResult = { displayBoard: { id: number; name: string } };

/** Two server processes one after the other, on a machine busy with other test files. */
const START_TWO_NODES_MS = 120_000;
/** How long a broadcast that does not cross nodes is given to (not) arrive. */
const NOT_ARRIVED_WITHIN_MS = 1_000;

const sockets: Client[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

function connectSocket(node: Node, token: string): Promise<Client> {
  const socket: Client = io(node.baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    query: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A change written through `writer`'s REST API, as seen by a displayBoard subscriber on `reader`. */
async function boardChangeSeenOn(reader: Node, writer: Node, token: string, name: string) {
  const client = createClient({
    url: reader.graphqlUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  try {
    const stream = take<BoardResult>(client, displayBoardSubscription, { displayBoardId: 1 }, 2);
    // The current config comes first; only then is the subscriber surely listening.
    const until = Date.now() + 10_000;
    while (stream.values.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(stream.values).toHaveLength(1);
    const written = await restCall(writer, token, 'PATCH', '/display-boards/1', { name });
    expect(written.status).toBe(200);
    const [, changed] = await stream.done;
    stream.stop();
    return changed?.displayBoard;
  } finally {
    await client.dispose();
  }
}

/**
 * `device.reload` asked on node `sender`: does the command reach a board socket on `sender`
 * (it always should) and one on `other`? Waits for the local one, then a while for the other.
 */
async function reloadCommandReaches(sender: Node, other: Node, token: string) {
  const [asking, local, remote] = await Promise.all([
    connectSocket(sender, token),
    connectSocket(sender, token),
    connectSocket(other, token),
  ]);
  const onLocal = new Promise<unknown>((resolve) => local.once('device.reload.command', resolve));
  let onRemote: unknown;
  remote.once('device.reload.command', (command) => (onRemote = command));
  const answered = new Promise<unknown>((resolve) => asking.once('device.reload.success', resolve));
  asking.emit('device.reload', { correlation_id: 'multi-node', display_board_id: 1 });
  expect(await answered).toEqual({ correlation_id: 'multi-node', result: { screens: 0 } });
  const reachedLocal = await onLocal;
  const until = Date.now() + NOT_ARRIVED_WITHIN_MS;
  while (onRemote === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  for (const socket of [asking, local, remote]) socket.disconnect();
  return { local: reachedLocal, remote: onRemote };
}

describe('two nodes on one PostgreSQL and one Redis', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let databaseUrl: string;
  let token: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    cluster = await startCluster({ databaseUrl, redisUrl: inject('redisUrl') }, 2);
    token = await clusterToken(cluster, databaseUrl, 'access:display-board write:*');
  }, START_TWO_NODES_MS);
  afterAll(() => cluster?.stop());

  it('sends a change written through node A to a GraphQL subscriber on node B', async () => {
    const [a, b] = cluster.nodes as [Node, Node];
    expect(await boardChangeSeenOn(b, a, token, 'Written through A')).toMatchObject({
      id: 1,
      name: 'Written through A',
    });
  });

  it('sends a device.reload asked on node A to a socket client on node B', async () => {
    const [a, b] = cluster.nodes as [Node, Node];
    const reached = await reloadCommandReaches(a, b, token);
    expect(reached.local).toEqual({ display_board_id: 1 });
    expect(reached.remote).toEqual({ display_board_id: 1 });
  });

  it('stops each node cleanly on SIGTERM, Redis connections included', async () => {
    const codes = await cluster.stop();
    expect(codes).toEqual([0, 0]);
    for (const node of cluster.nodes) {
      const warnings = node
        .output()
        .split('\n')
        .filter((line) => /"level":(40|50|60)/.test(line));
      expect(warnings).toEqual([]);
    }
  });
});

describe('two nodes on one PostgreSQL without Redis', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let databaseUrl: string;
  let token: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    cluster = await startCluster({ databaseUrl }, 2);
    token = await clusterToken(cluster, databaseUrl, 'access:display-board write:*');
  }, START_TWO_NODES_MS);
  afterAll(() => cluster?.stop());

  it('still sends the change to node B: changes cross nodes through PostgreSQL, not Redis', async () => {
    const [a, b] = cluster.nodes as [Node, Node];
    expect(await boardChangeSeenOn(b, a, token, 'Written through A, no Redis')).toMatchObject({
      id: 1,
      name: 'Written through A, no Redis',
    });
  });

  it("keeps a socket broadcast on node A's own sockets: broadcasts cross nodes only through Redis", async () => {
    const [a, b] = cluster.nodes as [Node, Node];
    const reached = await reloadCommandReaches(a, b, token);
    expect(reached.local).toEqual({ display_board_id: 1 });
    expect(reached.remote).toBeUndefined();
  });

  it('refuses to start a node whose REDIS_URL cannot be reached, saying so', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    await expect(startCluster({ databaseUrl, redisUrl: nowhere }, 1)).rejects.toThrow(
      /did not start:[\s\S]*Redis \(REDIS_URL\) is not reachable/,
    );
  });
});
