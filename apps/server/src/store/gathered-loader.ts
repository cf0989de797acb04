import DataLoader from 'dataloader';

/** How long asks are gathered before one batch answers them. */
const GATHER_MS = 5;

/**
 * Asks made within a few milliseconds, answered by one call of `batch` (which answers them in
 * order); nothing is cached between batches, so every answer is read after it was asked for
 * (LIVE-20). How thousands of screens, or hundreds of boards, starting together after a restart
 * ask the database a few times instead of once each.
 */
export function gatheredLoader<K, V>(
  batch: (keys: readonly K[]) => Promise<readonly V[]>,
  keyOf: (key: K) => string,
  maxBatchSize = 1_000,
): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V, string>(batch, {
    cache: false,
    cacheKeyFn: keyOf,
    batchScheduleFn: (callback) => setTimeout(callback, GATHER_MS),
    maxBatchSize,
  });
  return (key) => loader.load(key);
}
