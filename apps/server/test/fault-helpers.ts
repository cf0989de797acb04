import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BoardContentField, type BoardFrame, boardContentSubscription } from '@careboard/contracts';
import { type Client, createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';

/** Faults need their own figures: what was asked, what came back, when. */
export interface WriteResult {
  readonly startedAt: number;
  readonly endedAt: number;
  /** The HTTP status, or 'no answer' when the connection failed (the server was gone). */
  readonly status: number | 'no answer';
}

export type Row = { key: string } & Record<string, unknown>;

/** A staff token's scopes: reads boards, moves patients. */
export const WRITER_SCOPE = 'access:display-board read:patients write:patients';

export interface MovableVisit {
  readonly id: number;
  readonly phases: readonly [number, number];
}

/** Active visits of the board's first workflow, each with two phases to move between. */
export async function movableVisits(databaseUrl: string, count: number): Promise<MovableVisit[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; phase_id: number; other: number }>(
      `SELECT v.id, v.phase_id,
         (SELECT p.id FROM phases p WHERE p.workflow_id = v.workflow_id AND p.id <> v.phase_id ORDER BY p.position LIMIT 1) AS other
       FROM visits v WHERE v.customer_id = 'demo' AND v.completed_at IS NULL
         AND v.workflow_id = (SELECT min(id) FROM workflows WHERE customer_id = 'demo')
       ORDER BY v.id LIMIT $1`,
      [count],
    );
    return rows.map((row) => ({ id: row.id, phases: [row.phase_id, row.other] as const }));
  } finally {
    await client.end();
  }
}

/**
 * Writes through REST as a console would, `concurrency` at a time, until stopped: each
 * moves a visit to its other phase. Every request is recorded with its answer; a request
 * that gets none within `giveUpMs` counts as 'no answer' (the suite asserts there is none
 * where the server runs).
 */
export function startWrites(
  baseUrl: () => string,
  token: string,
  visits: readonly MovableVisit[],
  options: { concurrency?: number; pauseMs?: number; giveUpMs?: number } = {},
) {
  const results: WriteResult[] = [];
  let stopped = false;
  let turn = 0;
  const one = async (): Promise<void> => {
    const visit = visits[turn % visits.length] as MovableVisit;
    const phase = visit.phases[Math.floor(turn / visits.length) % 2];
    turn += 1;
    const startedAt = Date.now();
    let status: number | 'no answer';
    try {
      const response = await fetch(`${baseUrl()}/api/visits/${visit.id}/phase`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          cookie: 'XSRF-TOKEN=fault-test',
          'x-xsrf-token': 'fault-test',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ phase_id: phase }),
        signal: AbortSignal.timeout(options.giveUpMs ?? 60_000),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 'no answer';
    }
    results.push({ startedAt, endedAt: Date.now(), status });
  };
  const loops = Array.from({ length: options.concurrency ?? 2 }, async () => {
    while (!stopped) {
      await one();
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 100));
    }
  });
  return {
    results,
    async stop(): Promise<WriteResult[]> {
      stopped = true;
      await Promise.all(loops);
      return results;
    },
  };
}

/** Applies frames in order: what a screen holds. */
export function applyFrame(rows: Map<string, string>, frame: BoardFrame<Row>): void {
  if (frame.kind === 'snapshot') rows.clear();
  for (const key of frame.removed) rows.delete(key);
  for (const row of frame.upserts) rows.set(row.key, JSON.stringify(row));
}

/** Disposing a client whose connection failed rejects with that failure: nothing to learn from it. */
function disposeQuietly(client: Client | undefined): Promise<void> {
  return Promise.resolve()
    .then(() => client?.dispose())
    .catch(() => undefined);
}

/**
 * A board as the board app runs it: one graphql-ws connection and subscription; when
 * the connection closes or the subscription fails it connects again after `retryMs`,
 * asking for what it missed since its last version.
 */
export function followBoard(
  graphqlUrl: () => string,
  token: () => string,
  field: BoardContentField,
  boardId: number,
  retryMs = 500,
) {
  const rows = new Map<string, string>();
  const closes: number[] = [];
  let lastVersion: string | null = null;
  let lastFrameAt = 0;
  let frames = 0;
  let client: Client | undefined;
  let stopped = false;
  let retrying = false;

  const retry = () => {
    if (stopped || retrying) return;
    retrying = true;
    const old = client;
    client = undefined;
    disposeQuietly(old);
    setTimeout(() => {
      retrying = false;
      connect();
    }, retryMs);
  };

  const connect = () => {
    if (stopped) return;
    const own = createClient({
      url: graphqlUrl(),
      webSocketImpl: WebSocket,
      connectionParams: () => ({ authorization: `Bearer ${token()}` }),
      retryAttempts: 0,
      on: {
        closed: (event) => {
          closes.push((event as { code: number }).code);
          if (client === own) retry();
        },
        error: () => {
          if (client === own) retry();
        },
      },
    });
    client = own;
    own.subscribe<Record<string, string>>(
      {
        query: boardContentSubscription(field),
        variables: { displayBoardId: boardId, sinceVersion: lastVersion },
      },
      {
        next: (value) => {
          const text = value.data?.[field];
          if (!text) return;
          const frame = JSON.parse(text) as BoardFrame<Row>;
          applyFrame(rows, frame);
          lastVersion = frame.version;
          lastFrameAt = Date.now();
          frames += 1;
        },
        error: () => {
          if (client === own) retry();
        },
        complete: () => {
          if (client === own && !stopped) retry();
        },
      },
    );
  };
  connect();

  return {
    rows: () => new Map(rows),
    closes,
    get frames() {
      return frames;
    },
    get lastFrameAt() {
      return lastFrameAt;
    },
    close: async () => {
      stopped = true;
      await disposeQuietly(client);
    },
  };
}

/** A fresh subscriber's snapshot of a board: its rows, as the server holds them now. */
export async function snapshotOf(
  graphqlUrl: string,
  token: string,
  field: BoardContentField,
  boardId: number,
): Promise<Map<string, string>> {
  const client = createClient({
    url: graphqlUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  try {
    return await new Promise<Map<string, string>>((resolve, reject) => {
      client.subscribe<Record<string, string>>(
        {
          query: boardContentSubscription(field),
          variables: { displayBoardId: boardId, sinceVersion: null },
        },
        {
          next: (value) => {
            const text = value.data?.[field];
            if (!text) return reject(new Error(JSON.stringify(value.errors)));
            const rows = new Map<string, string>();
            applyFrame(rows, JSON.parse(text) as BoardFrame<Row>);
            resolve(rows);
          },
          error: reject,
          complete: () => reject(new Error('completed without a snapshot')),
        },
      );
    });
  } finally {
    await disposeQuietly(client);
  }
}

/** Polls until `check` holds (it may throw meanwhile), or throws its last failure after `ms`. */
export async function eventually(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`, { cause: last });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The postmaster of a cluster directory and every process it started (its backends). */
export function postgresProcesses(clusterDir: string): number[] {
  const postmaster = Number.parseInt(
    readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
    10,
  );
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(postmaster);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Every process whose command line names this folder: a cluster's postmaster and backends, as `ps` finds them. */
export function processesNaming(dir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Statuses counted: `{ "200": 12, "503": 40 }`. */
export function countStatuses(results: readonly WriteResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of results) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

const isOk = (status: WriteResult['status']) => typeof status === 'number' && status < 300;

/** When the first write answered 2xx that started at or after `since`. */
export function firstSuccessAfter(results: readonly WriteResult[], since: number): number | undefined {
  return results
    .filter((r) => r.startedAt >= since && isOk(r.status))
    .map((r) => r.endedAt)
    .sort((a, b) => a - b)[0];
}
