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
