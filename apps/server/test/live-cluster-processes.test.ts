/**
 * CAREBOARD_NODES: several server processes on one port (Node's cluster, decision LIVE-21), each a
 * node of the multi-node design: a change reaches screens on every process, and a process that
 * dies is started again while the others serve.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { displayBoardSubscription } from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { take, waitUntil } from './live-clients.ts';
import { clusterToken, type Node, restCall, startCluster } from './multi-node-cluster.ts';
import { createTestDatabase } from './test-database.ts';

type BoardResult = { displayBoard: { id: number; name: string } };

/** A cluster of two processes starting, on a machine busy with other test files. */
const START_MS = 120_000;
const SCREENS = 6;

/** The processes the first one started: its cluster's. */
function processesOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Which process holds each connection: the one whose sockets include the client's local port. */
function holderOf(pids: readonly number[], localPort: number): number | undefined {
  const inodes = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[2]?.endsWith(`:${localPort.toString(16).toUpperCase().padStart(4, '0')}`))
      .map((cols) => cols[9]),
  );
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/socket:\[(\d+)\]/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    }),
  );
}

describe('CAREBOARD_NODES=2', () => {
  let databaseUrl: string;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let node: Node;
  let token: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    cluster = await startCluster({ databaseUrl, redisUrl: inject('redisUrl'), processes: 2 }, 1);
    node = cluster.nodes[0] as Node;
    token = await clusterToken(cluster, databaseUrl, 'access:display-board write:*');
  }, START_MS);
  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await cluster?.stop();
  });

  it('runs two server processes on one port, and a change reaches the screens on both', async () => {
    expect(node.output()).toContain('Server processes:          2 (CAREBOARD_NODES)');
    const pids = processesOf(node.child.pid ?? 0);
    expect(pids).toHaveLength(2);
    const localPorts: number[] = [];
    const streams = Array.from({ length: SCREENS }, () => {
      const client = createClient({
        url: node.graphqlUrl,
        webSocketImpl: class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols);
            this.once('open', () =>
              localPorts.push((this as unknown as { _socket: { localPort: number } })._socket.localPort),
            );
          }
        },
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: false,
      });
      clients.push(client);
      return take<BoardResult>(client, displayBoardSubscription, { displayBoardId: 1 }, 2);
    });
    await waitUntil(() => streams.every((stream) => stream.values.length === 1), 15_000);
    // The first process hands connections round: both hold some.
    const holders = new Set(localPorts.map((port) => holderOf(pids, port)));
    expect([...holders].sort()).toEqual([...pids].sort());

    const written = await restCall(node, token, 'PATCH', '/display-boards/1', { name: 'Across processes' });
    expect(written.status).toBe(200);
    const seen = await Promise.all(streams.map((stream) => stream.done));
    expect(seen.map(([, changed]) => changed?.displayBoard.name)).toEqual(
      Array(SCREENS).fill('Across processes'),
    );
  }, 60_000);

  it('starts a process that dies again, on the same port, while the other serves', async () => {
    const [victim, survivor] = processesOf(node.child.pid ?? 0) as [number, number];
    process.kill(victim, 'SIGKILL');
    await waitUntil(() => {
      const now = processesOf(node.child.pid ?? 0);
      return now.length === 2 && !now.includes(victim);
    }, 20_000);
    expect(processesOf(node.child.pid ?? 0)).toContain(survivor);
    expect(node.output()).toContain('a server process ended; starting it again');
    // Every answer comes from a live process, whichever takes the connection.
    for (let i = 0; i < 4; i++) expect((await fetch(`${node.baseUrl}/ready`)).status).toBe(200);
  }, 60_000);
});
