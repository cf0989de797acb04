/**
 * How long a screen waits before its next reconnection attempt (decision LIVE-23).
 *
 * For the first minute of an outage the waits are short: 0.5 s doubling to at most 5 s, so a
 * screen is back within 5 s of a restarted server answering. After that a long outage costs the
 * site little: one attempt every 30 s. Every wait is "equal jitter" (half fixed, half random), so
 * a fleet that lost its server at the same instant does not come back in step.
 */
export const RECONNECT_FIRST_WAIT_MS = 500;
export const RECONNECT_SHORT_MAX_MS = 5_000;
export const RECONNECT_LONG_WAIT_MS = 30_000;
/** Attempts made with short waits: 0.5 + 1 + 2 + 4 + 5 × 11 s, about a minute. */
export const RECONNECT_SHORT_ATTEMPTS = 15;

export function reconnectWaitMs(retries: number, random: () => number = Math.random): number {
  const ceiling =
    retries < RECONNECT_SHORT_ATTEMPTS
      ? Math.min(RECONNECT_FIRST_WAIT_MS * 2 ** retries, RECONNECT_SHORT_MAX_MS)
      : RECONNECT_LONG_WAIT_MS;
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
