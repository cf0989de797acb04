import { getPriority, setPriority } from 'node:os';

/** How much lower the simulated screens' priority is when the server side goes first. */
const SCREENS_NICE = 10;

/**
 * Who gets the CPU first on this one machine (decision LIVE-29). In a hospital the screens are
 * devices of their own and never take CPU from the server; here their threads share its two cores,
 * and in a restart their retries compete for them with the server loading its modules.
 * `serverFirst`: the bench's own threads (the screens, the change stream) run at nice 10 and what
 * serves them (PostgreSQL, the server, the bare baseline's server) at the bench's own. Otherwise all
 * share one. This puts the given processes (the server side) ahead; a no-op when all share one.
 */
export type RaisePriority = (pids: readonly number[]) => void;

/**
 * Call before starting any thread or process: they inherit this thread's nice value. Lowering it
 * needs no privilege; raising the server side back to 0 needs root (CAP_SYS_NICE), and without it
 * everything stays at one priority, as the warning says.
 */
export function arrangePriorities(serverFirst: boolean, warn: (line: string) => void): RaisePriority {
  if (!serverFirst) return () => undefined;
  const serverNice = getPriority();
  setPriority(Math.min(19, serverNice + SCREENS_NICE));
  let warned = false;
  return (pids) => {
    for (const pid of pids) {
      try {
        setPriority(pid, serverNice);
      } catch (error) {
        if (warned) continue;
        warned = true;
        warn(`cannot put the server side ahead of the screens (${String(error)}): they share the CPU`);
      }
    }
  };
}
