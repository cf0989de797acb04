import { hasScopes, LiveCloseCode, scopesFor } from '@careboard/contracts';
import { isAppError } from '../errors/app-error.ts';
import type { AccountAccess } from '../identity/account-access.ts';
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
    for (const each of watched) {
      each.lapseIfDue(now);
      each.recheckAccount();
    }
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

const BOARD_SCOPES = scopesFor('display-board.read');
const UNAUTHORIZED: Refusal = Object.freeze({ code: LiveCloseCode.Unauthorized, reason: 'Unauthorized' });
const FORBIDDEN: Refusal = Object.freeze({ code: LiveCloseCode.Forbidden, reason: 'Forbidden' });
/** A person whose account was disabled or is gone: renew (refused, BOF-30), then sign in (IDN-22). */
export const ACCESS_REVOKED: Refusal = Object.freeze({
  code: LiveCloseCode.Unauthorized,
  reason: 'Access revoked',
});

/** Looks again, now, at the connections of this account checked by `accounts`: this node changed it (IDN-22). */
export function recheckConnectionsOf(accounts: AccountAccess, accountId: string): void {
  for (const each of watched) if (each.checksWith(accounts, accountId)) each.recheckAccount(true);
}

/** A token's principal as it says, and as its account allows now (IDN-22). */
interface Checked {
  readonly token: Principal;
  readonly now: Principal;
}

function isRefused(value: Checked | Refusal): value is Refusal {
  return 'code' in value;
}

/** A token checked, then its account: what it may do now, or why not (an unreachable database: `unavailable`). */
async function check(
  token: string,
  verify: VerifyAccessToken,
  accounts: AccountAccess | undefined,
): Promise<Checked | Refusal | 'unavailable'> {
  try {
    const verified = await verify(token);
    const now = accounts ? await accounts.current(verified) : verified;
    if (!now) return ACCESS_REVOKED;
    return { token: verified, now };
  } catch (error) {
    return isAppError(error, 'SERVICE_UNAVAILABLE') ? 'unavailable' : UNAUTHORIZED;
  }
}

/**
 * One live connection's identity: who it is, until when. Once bound to its
 * connection it closes it with Unauthorized when the token lapses without an
 * in-band renewal or a person's account is disabled or gone, and with Forbidden
 * when a renewal names another customer or lacks the board scope, or a
 * person's role no longer grants it (IDN-22).
 */
export class LiveIdentity {
  /** What the token says; a person's account is checked against it again (IDN-22). */
  #token: Principal;
  /** What the connection may do now: a person's token narrowed to their role as it is now. */
  #principal: Principal;
  /** When the token lapses without a renewal (ms), once bound. */
  #deadline = Number.POSITIVE_INFINITY;
  #close: Closer = () => {};
  readonly #verify: VerifyAccessToken;
  /** Checks a person's account; a screen's follows its device record instead (IDN-16). */
  readonly #accounts: AccountAccess | undefined;
  #checking = false;

  private constructor(checked: Checked, verify: VerifyAccessToken, accounts: AccountAccess | undefined) {
    this.#token = checked.token;
    this.#principal = checked.now;
    this.#verify = verify;
    this.#accounts = checked.token.deviceId === undefined ? accounts : undefined;
  }

  /** Checks a connection's first token and its account: an identity, or why the connection must close. */
  static async open(
    token: string | undefined,
    verify: VerifyAccessToken,
    accounts?: AccountAccess,
  ): Promise<LiveIdentity | Refusal> {
    const checked = token ? await check(token, verify, accounts) : UNAUTHORIZED;
    // The database could not be asked: a retryable refusal, not an authentication failure (LIVE-12).
    if (checked === 'unavailable') return { code: LiveCloseCode.TryAgainLater, reason: 'Try again later' };
    if (isRefused(checked)) return checked;
    if (!hasScopes(checked.now.scopes, BOARD_SCOPES)) return FORBIDDEN;
    return new LiveIdentity(checked, verify, accounts);
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
    const checked = await check(token, this.#verify, this.#accounts);
    const outcome =
      checked === 'unavailable'
        ? UNAUTHORIZED
        : isRefused(checked)
          ? checked
          : checked.token.customerId !== this.customerId ||
              checked.token.deviceId !== this.#token.deviceId ||
              !hasScopes(checked.now.scopes, BOARD_SCOPES)
            ? FORBIDDEN
            : checked;
    if (isRefused(outcome)) {
      this.end(outcome);
      throw new Error(outcome.reason);
    }
    this.#token = outcome.token;
    this.#principal = outcome.now;
    this.#schedule();
    return outcome.now.expiresAt;
  }

  /**
   * A person's account looked at again (kept at most 3 s, IDN-22): the connection's scopes
   * narrowed to the role as it is now, or why it must end (disabled or gone: Unauthorized;
   * the role no longer grants the board scope: Forbidden). A screen, or a database that cannot
   * be asked just now, changes nothing.
   */
  async recheck(): Promise<Refusal | undefined> {
    const token = this.#token;
    if (!this.#accounts) return undefined;
    let now: Principal | undefined;
    try {
      now = await this.#accounts.current(token);
    } catch {
      return undefined;
    }
    // Renewed meanwhile: the renewal checked the account with its own token.
    if (token !== this.#token) return undefined;
    if (!now) return ACCESS_REVOKED;
    if (!hasScopes(now.scopes, BOARD_SCOPES)) return FORBIDDEN;
    this.#principal = now;
    return undefined;
  }

  /**
   * The sweep's look at a person's account (and, forced, a change this node made): closes the
   * connection when the account no longer allows it; a look still waiting is not repeated.
   */
  recheckAccount(force = false): void {
    if (!this.#accounts || (this.#checking && !force) || !watched.has(this)) return;
    this.#checking = true;
    void this.recheck().then((refusal) => {
      this.#checking = false;
      if (refusal && watched.has(this)) this.end(refusal);
    });
  }

  /** Whether this is a connection of that account, checked by those accounts. */
  checksWith(accounts: AccountAccess, accountId: string): boolean {
    return this.#accounts === accounts && this.#token.subject.toLowerCase() === accountId;
  }

  /** Stops watching the token and closes the connection with the refusal. */
  end(refusal: Refusal): void {
    this.dispose();
    this.#close(refusal.code, refusal.reason);
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
    this.#deadline = this.#token.expiresAt * 1000 + LEEWAY_MS;
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
