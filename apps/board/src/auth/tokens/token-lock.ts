/** The Web Lock every tab of this origin takes around a refresh or a device poll (decision BRD-03). */
export const TOKEN_LOCK_NAME = 'careboard-token-refresh';

export type LockManagerLike = Pick<LockManager, 'request'>;

/**
 * Runs `task` while holding the token lock, so exactly one refresh is in flight
 * across tabs: the provider revokes the whole grant when a rotated refresh token
 * is used again. Without the Web Locks API (old browsers) the task runs alone in
 * this tab only.
 */
export function withTokenLock<T>(locks: LockManagerLike | undefined, task: () => Promise<T>): Promise<T> {
  if (!locks) return task();
  return locks.request(TOKEN_LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
}
