import type { AuthFlow } from './auth-flow.ts';

/** The names an app keeps its sign-in state under in the browser (decision CON-15). */
export interface ClientKeys {
  /** Local storage, one key per flow. */
  readonly refreshTokens: Readonly<Record<AuthFlow, string>>;
  /** Session storage: the login redirect's state, nonce, verifier and `next`. */
  readonly loginTransaction: string;
  /** The Web Lock around a refresh (or a device poll), shared by every tab of the app. */
  readonly tokenLock: string;
}

/**
 * The keys of an app, from its prefix. The board's prefix `careboard` gives the
 * names it has always used (`careboard.refresh-token.standard`,
 * `careboard.login-transaction`, `careboard-token-refresh`), so signed-in screens
 * stay signed in across the upgrade. Another app on the same origin takes its own
 * prefix: it must never send a refresh token the board rotated (decision CON-15).
 */
export function clientKeys(prefix: string): ClientKeys {
  return {
    refreshTokens: { standard: `${prefix}.refresh-token.standard`, device: `${prefix}.refresh-token.device` },
    loginTransaction: `${prefix}.login-transaction`,
    tokenLock: `${prefix}-token-refresh`,
  };
}
