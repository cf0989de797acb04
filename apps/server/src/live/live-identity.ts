import { hasScopes, LiveCloseCode, scopesFor } from '@careboard/contracts';
import { isAppError } from '../errors/app-error.ts';
import type { Principal, VerifyAccessToken } from '../identity/verify-access-token.ts';

/** 60 s, as the API allows: a token is honoured until a minute past its exp. */
const LEEWAY_MS = 60_000;
/** How often the connections' tokens are looked at: one sweep for all of them, not a timer each (LIVE-28). */
const EXPIRY_SWEEP_MS = 1_000;

const watched = new Set<LiveIdentity>();
let sweep: NodeJS.Timeout | undefined;

function watch(identity: LiveIdentity): void {
  watched.add(identity);
  if (sweep) return;
  sweep = setInterval(() => {
    const now = Date.now();
    for (const each of watched) each.lapseIfDue(now);
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
}

function unwatch(identity: LiveIdentity): void {
  watched.delete(identity);
  if (watched.size > 0 || !sweep) return;
  clearInterval(sweep);
  sweep = undefined;
}

export type Closer = (code: number, reason: string) => void;
export interface Refusal {
  readonly code: number;
  readonly reason: string;
}

/**
 * One live connection's identity: who it is, until when. Once bound to its
 * connection it closes it with Unauthorized when the token lapses without an
 * in-band renewal, and with Forbidden when a renewal names another customer or
 * lacks the board scope.
 */
export class LiveIdentity {
  #principal: Principal;
  /** When the token lapses without a renewal (ms), once bound. */
  #deadline = Number.POSITIVE_INFINITY;
  #close: Closer = () => {};
  readonly #verify: VerifyAccessToken;

  private constructor(principal: Principal, verify: VerifyAccessToken) {
    this.#principal = principal;
    this.#verify = verify;
  }

  /** Checks a connection's first token: an identity, or why the connection must close. */
  static async open(token: string | undefined, verify: VerifyAccessToken): Promise<LiveIdentity | Refusal> {
    let unavailable = false;
    const principal = token
      ? await verify(token).catch((error: unknown) => {
          unavailable = isAppError(error, 'SERVICE_UNAVAILABLE');
          return undefined;
        })
      : undefined;
    // The database could not be asked: a retryable refusal, not an authentication failure (LIVE-12).
    if (unavailable) return { code: LiveCloseCode.TryAgainLater, reason: 'Try again later' };
    if (!principal) return { code: LiveCloseCode.Unauthorized, reason: 'Unauthorized' };
    if (!hasScopes(principal.scopes, scopesFor('display-board.read')))
      return { code: LiveCloseCode.Forbidden, reason: 'Forbidden' };
    return new LiveIdentity(principal, verify);
  }

  /** Ties the identity to its connection and starts watching the token's expiry. */
  bind(close: Closer): this {
    this.#close = close;
    this.#schedule();
    return this;
  }

  get principal(): Principal {
    return this.#principal;
  }

  get customerId(): string {
    return this.#principal.customerId;
  }

  /**
   * An in-band renewal: same customer, board scope, and the same kind of caller (the same
   * screen, or a person), since what a connection may read was decided when it subscribed
   * (decision IDN-16); returns the new expiry.
   */
  async renew(token: string): Promise<number> {
    const next = await this.#verify(token).catch(() => undefined);
    const refusal = !next
      ? { code: LiveCloseCode.Unauthorized, reason: 'Unauthorized' }
      : next.customerId !== this.customerId ||
          next.deviceId !== this.#principal.deviceId ||
          !hasScopes(next.scopes, scopesFor('display-board.read'))
        ? { code: LiveCloseCode.Forbidden, reason: 'Forbidden' }
        : undefined;
    if (!next || refusal) {
      this.dispose();
      this.#close(refusal?.code ?? LiveCloseCode.Unauthorized, refusal?.reason ?? 'Unauthorized');
      throw new Error(refusal?.reason ?? 'Unauthorized');
    }
    this.#principal = next;
    this.#schedule();
    return next.expiresAt;
  }

  dispose(): void {
    unwatch(this);
  }

  /** Closes the connection with Unauthorized once its token has lapsed (the sweep calls it). */
  lapseIfDue(now: number): void {
    if (now < this.#deadline) return;
    unwatch(this);
    this.#close(LiveCloseCode.Unauthorized, 'Token expired');
  }

  #schedule(): void {
    this.#deadline = this.#principal.expiresAt * 1000 + LEEWAY_MS;
    watch(this);
  }
}

export function isRefusal(value: LiveIdentity | Refusal): value is Refusal {
  return !(value instanceof LiveIdentity);
}

/** `Bearer x` or a bare token, from a connection's parameters. */
export function tokenFromParams(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value = params?.authorization ?? params?.Authorization ?? params?.token;
  if (typeof value !== 'string') return undefined;
  return value.replace(/^Bearer\s+/i, '').trim() || undefined;
}
