/**
 * Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC via hrtime). Unlike
 * performance.now(), whose origin is per thread, it reads the same in every thread and
 * process, so a commit stamped on the main thread and a receipt stamped in a client
 * thread subtract cleanly.
 */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
