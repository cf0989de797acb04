import type { RenewResult } from './renew-with-stored-token.ts';

/** A failed renewal is tried again after this long (specification section 4; decision BRD-04). */
export const RENEWAL_RETRY_MS = 5_000;

/** setTimeout's ceiling (about 24.8 days); longer delays would fire at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface RenewalSchedulerOptions {
  /** REFRESH_TOKEN_IN_ADVANCE_SEC: how long before `exp` to renew. */
  readonly inAdvanceSec: number;
  readonly renew: () => Promise<RenewResult>;
  /** The stored refresh token is gone or refused: sign in again. */
  readonly onSessionLost: () => void;
  readonly now?: () => number;
}

export interface RenewalScheduler {
  /** Plans the renewal of a token expiring at `exp` (seconds), replacing any plan. */
  schedule(exp: number): void;
  stop(): void;
}

export function createRenewalScheduler(options: RenewalSchedulerOptions): RenewalScheduler {
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  function cancel(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  async function renewNow(planned: number): Promise<void> {
    timer = undefined;
    try {
      const result = await options.renew();
      if (planned !== generation) return;
      // 'renewed' already scheduled the next renewal through schedule().
      if (result !== 'renewed') options.onSessionLost();
    } catch {
      if (planned !== generation) return;
      timer = setTimeout(() => void renewNow(planned), RENEWAL_RETRY_MS);
    }
  }

  return {
    schedule(exp) {
      cancel();
      generation += 1;
      const planned = generation;
      const delay = Math.min(Math.max(exp * 1000 - options.inAdvanceSec * 1000 - now(), 0), MAX_DELAY_MS);
      timer = setTimeout(() => void renewNow(planned), delay);
    },
    stop() {
      cancel();
      generation += 1;
    },
  };
}
