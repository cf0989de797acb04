import type { KoaContextWithOIDC } from 'oidc-provider';
import { DEVICE_CODE_GRANT } from './clients.ts';

/** RFC 8628 §3.2: the interval a device waits between polls; +5 s after each slow_down. */
export const DEVICE_POLL_INTERVAL_SEC = 5;
const SLOW_DOWN_STEP_SEC = 5;
const TRACKED_MAX = 10_000;

type Next = () => Promise<void>;

/** The device authorization response carries `interval` (oidc-provider leaves it out). */
export async function addDeviceInterval(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
  await next();
  if (ctx.oidc?.route === 'device_authorization' && ctx.status === 200 && isObject(ctx.body)) {
    ctx.body = { ...ctx.body, interval: DEVICE_POLL_INTERVAL_SEC };
  }
}

interface PollState {
  last: number;
  interval: number;
}

/**
 * A device that polls before its interval has passed gets `slow_down` instead
 * of `authorization_pending`, and its interval grows by 5 s (RFC 8628 §3.5).
 * Kept per node in memory: through a load balancer a device may hit several
 * nodes, each of which still enforces the interval on the polls it sees (decision IDN-06).
 */
export function createSlowDown(now: () => number = Date.now) {
  const polls = new Map<string, PollState>();
  return async function slowDown(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    const params = ctx.oidc?.params as { grant_type?: unknown; device_code?: unknown } | undefined;
    if (ctx.oidc?.route !== 'token' || params?.grant_type !== DEVICE_CODE_GRANT) return;
    const code = typeof params.device_code === 'string' ? params.device_code : undefined;
    if (!code) return;
    const pending = ctx.status === 400 && isObject(ctx.body) && ctx.body.error === 'authorization_pending';
    if (!pending) {
      polls.delete(code);
      return;
    }
    const at = now();
    const state = polls.get(code);
    if (state && at - state.last < state.interval * 1000) {
      state.interval += SLOW_DOWN_STEP_SEC;
      state.last = at;
      ctx.body = {
        error: 'slow_down',
        error_description: `polling too fast; wait ${state.interval} seconds between requests`,
      };
      return;
    }
    if (!state && polls.size >= TRACKED_MAX) polls.delete(polls.keys().next().value as string);
    polls.set(code, { last: at, interval: state?.interval ?? DEVICE_POLL_INTERVAL_SEC });
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Buffer.isBuffer(value);
}
