export type LockManagerLike = Pick<LockManager, 'request'>;

/** Runs tasks one at a time across every tab that uses the same lock name. */
export interface TokenLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * The Web Lock every tab of this origin takes around a refresh or a device poll
 * (decision BRD-03; its name is ClientKeys.tokenLock), so exactly one refresh is
 * in flight across tabs: the provider revokes the whole grant when a rotated
 * refresh token is used again. Without the Web Locks API (old browsers) a task
 * runs alone in this tab only.
 */
export function createTokenLock(locks: LockManagerLike | undefined, name: string): TokenLock {
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (!locks) return task();
      return locks.request(name, { mode: 'exclusive' }, task) as Promise<T>;
    },
  };
}
