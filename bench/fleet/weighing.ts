import { setTimeout as sleep } from 'node:timers/promises';

/** How long the screens idle, connected, before the server is weighed. */
const IDLE_BEFORE_WEIGHING_MS = 3_000;

/**
 * How long after the weighing the change stream starts. The weighing collects all garbage first,
 * which stops a server holding 10,000 screens for up to a second (the bare server: milliseconds);
 * every screen's ping of that second is answered at its end, and the screens ping again 3 s after
 * their pong, all together: a burst of 10,000 pings that landed 2.8 s into the change window and
 * kept the server's event loop behind for 0.3 s (lags of 40–53 ms in a row). The bench's weighing
 * makes that burst, not the server: the stream starts after it, on both sides alike.
 */
const SETTLE_AFTER_WEIGHING_MS = 4_000;

/**
 * The longest the bench waits, after the weighing, for each server's first scavenge: the weighing's
 * collection gives the young generation's pages back, and the scavenge that takes them again
 * stopped Careboard's server for 40–67 ms and the bare one's for about 40 ms, 0.1–1 s into the
 * change window with a fixed settle (4 s, then 8 s: a server at idle fills 64 MiB in 5–13 s).
 * The change stream starts the settle's time after it, on both sides alike.
 */
const FIRST_SCAVENGE_WITHIN_MS = 20_000;

/** What the weighing needs of a server: its RSS after a full collection, and a wait for its next scavenge. */
export interface Weighable {
  rss(): Promise<number>;
  afterFirstScavenge(limitMs: number): Promise<number>;
}

/**
 * The same on both sides: the screens idle, the server is weighed, then the bench waits for its
 * first scavenge after the weighing and the settle. Answers the server's RSS at idle.
 */
export async function weighAtIdle(
  server: Weighable,
  side: string,
  progress: (line: string) => void,
): Promise<number> {
  await sleep(IDLE_BEFORE_WEIGHING_MS);
  const rss = await server.rss();
  const waited = await server.afterFirstScavenge(FIRST_SCAVENGE_WITHIN_MS);
  progress(`${side}: weighed; its first scavenge after that came ${(waited / 1000).toFixed(1)} s later`);
  await sleep(SETTLE_AFTER_WEIGHING_MS);
  return rss;
}
