/** Nearest-rank percentile of ascending values; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Latencies {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** (board, change) pairs whose change became visible: its state or a newer one arrived. */
  readonly visible: number;
  /** Of those, how many the board never got as such because a newer state came first. */
  readonly superseded: number;
  /** (board, change) pairs never visible: neither that state nor a newer one arrived. */
  readonly missing: number;
}

/**
 * Commit → visible for every board and change. A board shows the newest config it
 * was sent, so change i is visible on a board once it has received state i or any
 * later one. `received` holds the first receipt of each state per board, board-major;
 * NaN is a state that never arrived.
 */
export function latencies(received: Float64Array, committed: readonly number[]): Latencies {
  const changes = committed.length;
  const boards = received.length / changes;
  const values = new Float64Array(received.length);
  let visible = 0;
  let superseded = 0;
  for (let board = 0; board < boards; board++) {
    let earliest = Number.POSITIVE_INFINITY;
    for (let change = changes - 1; change >= 0; change--) {
      const own = received[board * changes + change] ?? Number.NaN;
      if (!Number.isNaN(own)) earliest = Math.min(earliest, own);
      if (earliest === Number.POSITIVE_INFINITY) continue;
      if (Number.isNaN(own)) superseded++;
      values[visible++] = earliest - (committed[change] ?? Number.NaN);
    }
  }
  const sorted = values.subarray(0, visible).sort();
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[visible - 1] ?? Number.NaN,
    visible,
    superseded,
    missing: received.length - visible,
  };
}
