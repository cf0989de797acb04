import { setTimeout as sleep } from 'node:timers/promises';
import { displayBoardSubscription } from '@careboard/contracts';
import { updateDisplayBoard } from '../../apps/server/src/services/update-display-board.ts';
import { openDatabase } from '../../apps/server/src/store/database.ts';
import { runChanges } from './changes.ts';
import { connectFleet } from './clients.ts';
import { now } from './clock.ts';
import type { RunOptions, RunResult } from './run-options.ts';

export interface CareboardTarget {
  readonly serverPid: number;
  /** The server's RSS after a full GC. */
  readonly serverRss: () => Promise<number>;
  readonly graphqlUrl: string;
  readonly databaseUrl: string;
  readonly token: string;
  /** PostgreSQL's CPU so far, in microseconds: the reads each update costs happen there. */
  readonly postgresCpuMicros: () => number;
}

const CAPTURE_WITHIN_MS = 10_000;

/**
 * Careboard's fan-out: every board subscribed to display board 1 over graphql-ws, a
 * rename of that board committed by the service the API uses, each board's copy timed.
 * Also returns the bytes of one board's first update, for the baseline to send.
 */
export async function runCareboard(
  options: RunOptions,
  target: CareboardTarget,
): Promise<{ result: RunResult; bytes: string }> {
  const rssBefore = await target.serverRss();
  options.progress(`careboard: connecting ${options.boards} boards`);
  const fleet = await connectFleet(
    {
      mode: 'careboard',
      url: target.graphqlUrl,
      token: target.token,
      query: displayBoardSubscription,
      boards: options.boards,
      changes: options.changes,
      threads: options.clientThreads,
    },
    options.progress,
  );
  const db = openDatabase(target.databaseUrl, 1);
  try {
    // Let the last snapshots' writes drain before weighing the connections.
    await sleep(1_000);
    const rssConnected = await target.serverRss();
    options.progress(`careboard: ${options.changes} changes, ${options.intervalMs} ms apart`);
    const figures = await runChanges({
      fleet,
      serverPid: target.serverPid,
      changes: options.changes,
      intervalMs: options.intervalMs,
      change: async (i) => {
        await updateDisplayBoard(db, 'demo', 1, { name: `bench ${i} ${Date.now()}` });
        return now();
      },
      otherCpuMicros: target.postgresCpuMicros,
    });
    const bytes = await Promise.race([
      fleet.captured,
      sleep(CAPTURE_WITHIN_MS).then(() => {
        throw new Error('The first board never received an update.');
      }),
    ]);
    return {
      result: {
        ...figures,
        failures: fleet.failures(),
        rssPerConnection: (rssConnected - rssBefore) / options.boards,
        messageBytes: Buffer.byteLength(bytes),
      },
      bytes,
    };
  } finally {
    await db.destroy();
    await fleet.close();
  }
}
