/**
 * One deadline per request (decision FND-35): DATABASE_TIMEOUT_MS bounds the whole time a request
 * waits on the database, the wait for a connection and its statements together. With the table a
 * route reads locked, every connection of the pool is soon stuck behind the lock; a request that
 * queued for one of them must still be answered 503 within the limit, not after a connection wait
 * plus a whole statement timeout of its own (up to twice the limit before).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/** Short, so the test is quick; long enough that a late answer stands out from a loaded machine's noise. */
const TIMEOUT_MS = 2_000;
/** The server's pool (app.ts): this many requests hold every connection. */
const POOL = 10;
/** What an answer may take beyond the limit: the server's own work around the database's. */
const MARGIN_MS = 600;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) } });
  token = await accessToken(server, { scope: 'read:sites', sub: 'deadline-reader' });
});
afterAll(() => server?.close());

async function timedSites(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/sites`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - started) };
}

describe('a stalled database (FND-35)', () => {
  it('answers a request that queued for a connection 503 within DATABASE_TIMEOUT_MS, not twice it', async () => {
    // Warm: the token's customer is looked up and cached, so what follows waits on `sites` only.
    expect((await timedSites()).status).toBe(200);
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE sites IN ACCESS EXCLUSIVE MODE');
      // The first requests take every connection and stall on the lock; the later ones queue for a
      // connection, which frees up only when the first ones' statements are cancelled at the limit.
      // They come a quarter of the limit later (the scenario's offset, not a wait for an event), so
      // the pool's own connection wait would not end theirs before a connection frees up.
      const first = Array.from({ length: POOL }, () => timedSites());
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 4));
      const queued = Array.from({ length: 6 }, () => timedSites());
      const firstAnswers = await Promise.all(first);
      const queuedAnswers = await Promise.all(queued);
      const slowest = Math.max(...[...firstAnswers, ...queuedAnswers].map((a) => a.ms));
      // biome-ignore lint/suspicious/noConsole: the run's figures, printed for whoever reads its output.
      console.info(
        `fault-database-deadline: DATABASE_TIMEOUT_MS ${TIMEOUT_MS}: first ${firstAnswers.map((a) => a.ms).join(', ')} ms; queued ${queuedAnswers.map((a) => a.ms).join(', ')} ms; slowest ${slowest} ms`,
      );
      expect([...firstAnswers, ...queuedAnswers].map((a) => a.status)).toEqual(Array(POOL + 6).fill(503));
      expect(slowest).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // And the server is itself again once the lock goes.
    expect((await timedSites()).status).toBe(200);
  });
});
