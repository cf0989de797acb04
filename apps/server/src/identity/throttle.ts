import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Attempt budgets. Kept in each node's memory; with several nodes each one
 * enforces its own budget (decisions IDN-05, IDN-14, IDN-15, IDN-18).
 */
export interface Throttles {
  /**
   * Password sign-in: a hard budget per address; failures of one (account,
   * address) pair, and of the account from everywhere, only delay the answer
   * to addresses that have been failing (never a lockout of the account: IDN-14).
   */
  signIn(email: string, ip: string): Promise<ThrottleResult>;
  /** A successful sign-in clears the failures of its account and of its pair. */
  signInSucceeded(email: string, ip: string): Promise<void>;
  /** A screen's code typed (the code page, the console's pairing): per address and per code (IDN-05, IDN-21). */
  userCode(code: string, ip: string): Promise<ThrottleResult>;
  /**
   * A request that makes the provider store a row before anyone signs in: per (client, address),
   * per address whatever the client, and under a ceiling per client (IDN-18).
   */
  providerRequest(clientId: string | undefined, ip: string): Promise<ThrottleResult>;
}

/** `delayMs`: how long to wait before answering an allowed attempt. */
export type ThrottleResult = { allowed: true; delayMs?: number } | { allowed: false; retryAfterSec: number };

export interface ThrottleLimits {
  /** Sign-in attempts per address in the window, whatever the accounts: a hard limit. */
  readonly signInPerAddress: number;
  /** Failures of one (account, address) pair answered without delay. */
  readonly signInFreeFailures: number;
  /** The first delay after the free failures; it doubles with each further failure. */
  readonly signInDelayBaseMs: number;
  /** No answer waits longer than this. */
  readonly signInDelayMaxMs: number;
  /** Failures of one account from every address after which each failing address waits longer. */
  readonly signInAccountFailures: number;
  readonly signInAccountDelayMs: number;
  readonly userCodePerCode: number;
  readonly userCodePerAddress: number;
  readonly windowSec: number;
  /** GET /authorize, GET /activate and POST /oauth/device/code per (client, address) in `createWindowSec`. */
  readonly createPerClientAddress: number;
  /** The same requests per address, whatever the client: one address cannot multiply its budget by clients. */
  readonly createPerAddress: number;
  /** Every address together, per client: a ceiling on the rows one client's requests store. */
  readonly createPerClient: number;
  readonly createWindowSec: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = Object.freeze({
  signInPerAddress: 30,
  signInFreeFailures: 3,
  signInDelayBaseMs: 250,
  signInDelayMaxMs: 4000,
  signInAccountFailures: 10,
  signInAccountDelayMs: 1000,
  userCodePerCode: 10,
  userCodePerAddress: 30,
  windowSec: 10 * 60,
  createPerClientAddress: 60,
  createPerAddress: 240,
  createPerClient: 1200,
  createWindowSec: 60,
});

/** Counts kept for the delay only: never refused on these keys. */
const UNLIMITED = 1_000_000;

function refused(rejection: unknown): ThrottleResult {
  if (rejection instanceof RateLimiterRes) {
    return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
  throw rejection;
}

async function consumeAll(pairs: readonly [RateLimiterMemory, string][]): Promise<ThrottleResult> {
  try {
    for (const [limiter, key] of pairs) await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    return refused(rejection);
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `${accountKey(email)}\n${ip}`;

export function createThrottles(overrides: Partial<ThrottleLimits> = {}): Throttles {
  const limits: ThrottleLimits = { ...DEFAULT_THROTTLE_LIMITS, ...overrides };
  const limiter = (points: number, keyPrefix: string, duration = limits.windowSec) =>
    new RateLimiterMemory({ points, duration, keyPrefix });
  const perSignInAddress = limiter(limits.signInPerAddress, 'sign-in-address');
  const perPair = limiter(UNLIMITED, 'sign-in-pair');
  const perAccount = limiter(UNLIMITED, 'sign-in-account');
  const perCode = limiter(limits.userCodePerCode, 'user-code');
  const perCodeAddress = limiter(limits.userCodePerAddress, 'user-code-address');
  const perCreateAddress = limiter(limits.createPerAddress, 'create-address', limits.createWindowSec);
  const perCreatePair = limiter(limits.createPerClientAddress, 'create-pair', limits.createWindowSec);
  const perCreateClient = limiter(limits.createPerClient, 'create-client', limits.createWindowSec);

  /**
   * Each attempt counts as a failure until it succeeds (then the counts are
   * cleared), so parallel guesses see each other's counts and wait too.
   */
  function delayAfter(pairFailures: number, accountFailures: number): number {
    if (pairFailures === 0) return 0;
    const beyond = pairFailures - limits.signInFreeFailures;
    const pairDelay = beyond > 0 ? limits.signInDelayBaseMs * 2 ** Math.min(beyond - 1, 20) : 0;
    const accountDelay = accountFailures >= limits.signInAccountFailures ? limits.signInAccountDelayMs : 0;
    return Math.min(limits.signInDelayMaxMs, pairDelay + accountDelay);
  }

  return {
    signIn: async (email, ip) => {
      try {
        await perSignInAddress.consume(ip);
      } catch (rejection) {
        return refused(rejection);
      }
      const pair = await perPair.consume(pairKey(email, ip));
      const account = await perAccount.consume(accountKey(email));
      return { allowed: true, delayMs: delayAfter(pair.consumedPoints - 1, account.consumedPoints - 1) };
    },
    signInSucceeded: async (email, ip) => {
      await Promise.all([perPair.delete(pairKey(email, ip)), perAccount.delete(accountKey(email))]);
    },
    userCode: (code, ip) =>
      consumeAll([
        [perCodeAddress, ip],
        [perCode, code.replace(/[^a-z0-9]/gi, '').toUpperCase()],
      ]),
    providerRequest: (clientId, ip) => {
      const client = clientId?.slice(0, 200);
      // In this order: a request its address or its pair refuses never reaches the client's count,
      // so one address flooding a client spends that client's ceiling by its pair's budget at most (IDN-18).
      const budgets: [RateLimiterMemory, string][] = [
        [perCreateAddress, ip],
        [perCreatePair, `${client ?? ''}\n${ip}`],
      ];
      // GET /activate names no client: its address's budgets only, as before (IDN-15).
      if (client !== undefined) budgets.push([perCreateClient, client]);
      return consumeAll(budgets);
    },
  };
}
