/** How long the screens idle, connected, before the server is weighed. */
export const IDLE_BEFORE_WEIGHING_MS = 3_000;

/**
 * How long after the weighing the change stream starts. The weighing collects all garbage first,
 * which stops a server holding 10,000 screens for up to a second (the bare server: milliseconds);
 * every screen's ping of that second is answered at its end, and the screens ping again 3 s after
 * their pong, all together: a burst of 10,000 pings that landed 2.8 s into the change window and
 * kept the server's event loop behind for 0.3 s (lags of 40–53 ms in a row). The bench's weighing
 * makes that burst, not the server: the stream starts after it, on both sides alike.
 */
export const SETTLE_AFTER_WEIGHING_MS = 4_000;

/**
 * The longest the bench waits, after the weighing, for each server's first scavenge: the weighing's
 * collection gives the young generation's pages back, and the scavenge that takes them again
 * stopped Careboard's server for 40–67 ms and the bare one's for about 40 ms, 0.1–1 s into the
 * change window with a fixed settle (4 s, then 8 s: a server at idle fills 64 MiB in 5–13 s).
 * The change stream starts the settle's time after it, on both sides alike.
 */
export const FIRST_SCAVENGE_WITHIN_MS = 20_000;
