import pg from 'pg';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { advisoryLockKey, type OneNode, runOnOneNode } from '../src/store/advisory-lock.ts';
import { waitUntil } from './live-clients.ts';
import { createTestDatabase } from './test-database.ts';
import { startTestServer } from './test-server.ts';

const log = pino({ level: 'silent' });
const RETRY_MS = 100;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
});

/** Two nodes contending for one piece of work; counts how many run it at once. */
function contenders(lock: string) {
  const running = new Set<string>();
  let mostAtOnce = 0;
  const contender = (name: string): OneNode =>
    runOnOneNode({
      databaseUrl,
      lock,
      log,
      retryMs: RETRY_MS,
      start: () => {
        running.add(name);
        mostAtOnce = Math.max(mostAtOnce, running.size);
        return {
          stop: async () => {
            // Work that takes a moment to wind down, as a simulator step does.
            await new Promise((resolve) => setTimeout(resolve, 50));
            running.delete(name);
          },
        };
      },
    });
  return { running, mostAtOnce: () => mostAtOnce, a: contender('a'), b: contender('b') };
}

async function lockHolderPid(lock: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A bigint key shows in pg_locks as its high and low 32 bits, unsigned.
    const key = BigInt.asUintN(64, BigInt(advisoryLockKey(lock)));
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
         AND classid::text = $1 AND objid::text = $2`,
      [String(key >> 32n), String(key & 0xffffffffn)],
    );
    return rows[0]?.pid;
  } finally {
    await client.end();
  }
}

async function terminate(pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('SELECT pg_terminate_backend($1)', [pid]);
  await client.end();
}

describe('work that runs on one node at a time (PostgreSQL advisory lock)', () => {
  it('runs on one of two contenders, and on the other once the first stops', async () => {
    const { running, mostAtOnce, a, b } = contenders('test.one-node:stop');
    await waitUntil(() => running.size === 1);
    // A few more rounds of trying change nothing.
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 4));
    expect(running.size).toBe(1);
    const [first, second] = a.leading ? [a, b] : [b, a];
    expect(first.leading).toBe(true);
    expect(second.leading).toBe(false);

    await first.stop();
    expect(first.leading).toBe(false);
    await waitUntil(() => second.leading);
    expect([...running]).toEqual([second === a ? 'a' : 'b']);
    // The first stopped its work before giving up the lock: never both at once.
    expect(mostAtOnce()).toBe(1);
    await second.stop();
    expect(running.size).toBe(0);
  });

  it('moves to the other contender when the holder dies, and the dead one stops its work', async () => {
    const lock = 'test.one-node:death';
    const { running, a, b } = contenders(lock);
    await waitUntil(() => running.size === 1);
    const [holder, other] = a.leading ? [a, b] : [b, a];
    const pid = await lockHolderPid(lock);
    expect(pid).toBeTypeOf('number');

    // As when the holder's node or its connection dies: PostgreSQL ends the session and the lock.
    await terminate(pid as number);
    await waitUntil(() => other.leading && !holder.leading);
    expect([...running]).toEqual([other === a ? 'a' : 'b']);
    // The old holder keeps contending, so it takes over again when the new one stops.
    await other.stop();
    await waitUntil(() => holder.leading);
    await holder.stop();
  });
});

describe('the demo simulator in a cluster', () => {
  const simulatorStarts = (logs: readonly Record<string, unknown>[]) =>
    logs.filter((line) => line.msg === 'simulator started').length;

  it('runs on one node of two, and moves to the other when that node stops', async () => {
    const shared = await createTestDatabase();
    const env = { CAREBOARD_SIMULATOR_RATE: '10' };
    const first = await startTestServer({ databaseUrl: shared, env });
    const second = await startTestServer({ databaseUrl: shared, env });
    try {
      await waitUntil(() => simulatorStarts(first.logs) + simulatorStarts(second.logs) > 0);
      expect(simulatorStarts(first.logs)).toBe(1);
      // The second node tried at its start (and keeps trying every 5 s) while the first holds the lock.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(simulatorStarts(second.logs)).toBe(0);
      await first.close();
      await waitUntil(() => simulatorStarts(second.logs) === 1, 10_000);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
