import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Attempt budgets. Kept in each node's memory; with several nodes each one
 * enforces its own budget (decision IDN-05).
 */
export interface Throttles {
  /** Password sign-in: per account (email, existing or not) and per address. */
  signIn(email: string, ip: string): Promise<ThrottleResult>;
  /** A successful sign-in clears its account's failures. */
  signInSucceeded(email: string): Promise<void>;
  /** The user-code page: per address and per code. */
  userCode(code: string, ip: string): Promise<ThrottleResult>;
}

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterSec: number };

export interface ThrottleLimits {
  readonly signInPerAccount: number;
  readonly signInPerAddress: number;
  readonly userCodePerCode: number;
  readonly userCodePerAddress: number;
  readonly windowSec: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = Object.freeze({
  signInPerAccount: 10,
  signInPerAddress: 30,
  userCodePerCode: 10,
  userCodePerAddress: 30,
  windowSec: 10 * 60,
});

async function consumeAll(pairs: readonly [RateLimiterMemory, string][]): Promise<ThrottleResult> {
  try {
    for (const [limiter, key] of pairs) await limiter.consume(key);
    return { allowed: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    throw rejection;
  }
}

export function createThrottles(limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): Throttles {
  const limiter = (points: number, keyPrefix: string) =>
    new RateLimiterMemory({ points, duration: limits.windowSec, keyPrefix });
  const perAccount = limiter(limits.signInPerAccount, 'sign-in-account');
  const perSignInAddress = limiter(limits.signInPerAddress, 'sign-in-address');
  const perCode = limiter(limits.userCodePerCode, 'user-code');
  const perCodeAddress = limiter(limits.userCodePerAddress, 'user-code-address');
  return {
    signIn: (email, ip) =>
      consumeAll([
        [perSignInAddress, ip],
        [perAccount, email.trim().toLowerCase()],
      ]),
    signInSucceeded: async (email) => {
      await perAccount.delete(email.trim().toLowerCase());
    },
    userCode: (code, ip) =>
      consumeAll([
        [perCodeAddress, ip],
        [perCode, code.replace(/[^a-z0-9]/gi, '').toUpperCase()],
      ]),
  };
}
