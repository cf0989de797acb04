type Listener = () => void;

/** How often ticking displays (clocks, time in phase) look at the time. */
export const TICK_MS = 1_000;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * One interval for every ticking display on the page, running only while one
 * is mounted. Each display subscribes on its own, so the time ticking never
 * re-renders a table: only the cells whose text changes.
 */
export function subscribeTicker(listener: Listener): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const each of [...listeners]) each();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
