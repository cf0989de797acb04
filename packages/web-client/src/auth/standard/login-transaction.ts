/** What the login redirect must remember for its callback. */
export interface LoginTransaction {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
  /** Where to go after sign-in. */
  readonly next: string;
}

export interface LoginTransactionStorage {
  save(transaction: LoginTransaction): void;
  /** Reads and forgets the transaction: a callback can be completed once only. */
  take(): LoginTransaction | null;
}

/**
 * Kept in session storage under `key` (ClientKeys.loginTransaction): it belongs
 * to this tab's redirect and dies with it.
 */
export function createLoginTransactionStorage(storage: Storage, key: string): LoginTransactionStorage {
  return {
    save: (transaction) => storage.setItem(key, JSON.stringify(transaction)),
    take() {
      const raw = storage.getItem(key);
      storage.removeItem(key);
      if (!raw) return null;
      try {
        const value = JSON.parse(raw) as Partial<LoginTransaction>;
        const { state, nonce, codeVerifier, next } = value;
        if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string')
          return null;
        return { state, nonce, codeVerifier, next: typeof next === 'string' ? next : '/' };
      } catch {
        return null;
      }
    },
  };
}
