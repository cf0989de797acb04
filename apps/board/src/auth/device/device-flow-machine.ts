import type { TokenSet } from '@careboard/web-client';
import type { DeviceCode, PollOutcome } from './device-endpoints.ts';

/** RFC 8628: without an interval from the server, wait 5 s between polls. */
export const DEFAULT_POLL_INTERVAL_SEC = 5;
/** RFC 8628: slow_down adds 5 s to the interval, for this and every later poll. */
export const SLOW_DOWN_STEP_SEC = 5;
/** After a failure the flow restarts (reloads) after 10 s; the message says 20 (specification section 9). */
export const RESTART_AFTER_MS = 10_000;

export type DeviceFailure = 'access_denied' | 'expired_token' | 'unexpected';

export type DeviceFlowState =
  | { readonly kind: 'requesting-code' }
  | {
      readonly kind: 'awaiting-user';
      readonly userCode: string;
      readonly verificationUriComplete: string;
      readonly verificationUri: string;
      readonly intervalSec: number;
    }
  | { readonly kind: 'authorized' }
  | { readonly kind: 'failed'; readonly reason: DeviceFailure };

export interface DeviceFlowDeps {
  requestCode(): Promise<DeviceCode>;
  poll(deviceCode: string): Promise<PollOutcome>;
  onAuthorized(tokens: TokenSet): void;
  /** Starts the flow over with a fresh page (a new code). */
  restart(): void;
  onUnexpectedError?(error: unknown): void;
}

export interface DeviceFlow {
  start(): void;
  stop(): void;
  getState(): DeviceFlowState;
  subscribe(listener: (state: DeviceFlowState) => void): () => void;
}

/**
 * The device activation as a small state machine: request a code, then poll
 * at the server's interval, one poll at a time (the next is planned only once
 * the previous has answered), until success, refusal or expiry.
 */
export function createDeviceFlow(deps: DeviceFlowDeps): DeviceFlow {
  let state: DeviceFlowState = { kind: 'requesting-code' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by start() and stop(): answers that arrive for an older run are dropped. */
  let run = 0;
  let running = false;
  let polling = false;
  const listeners = new Set<(state: DeviceFlowState) => void>();

  function enter(next: DeviceFlowState): void {
    state = next;
    for (const listener of listeners) listener(state);
  }

  function isCurrent(ofRun: number): boolean {
    return running && ofRun === run;
  }

  function fail(reason: DeviceFailure, error?: unknown): void {
    if (reason === 'unexpected' && error !== undefined) deps.onUnexpectedError?.(error);
    running = false;
    enter({ kind: 'failed', reason });
    timer = setTimeout(deps.restart, RESTART_AFTER_MS);
  }

  function planPoll(ofRun: number, deviceCode: string, intervalSec: number): void {
    timer = setTimeout(() => void pollOnce(ofRun, deviceCode, intervalSec), intervalSec * 1000);
  }

  async function pollOnce(ofRun: number, deviceCode: string, intervalSec: number): Promise<void> {
    timer = undefined;
    if (polling || !isCurrent(ofRun)) return;
    polling = true;
    let outcome: PollOutcome;
    try {
      outcome = await deps.poll(deviceCode);
    } catch (error) {
      polling = false;
      if (isCurrent(ofRun)) fail('unexpected', error);
      return;
    }
    polling = false;
    // Tokens are kept even after stop(): the device code is spent, and another poll would revoke the grant.
    if (outcome.kind === 'authorized') {
      running = false;
      enter({ kind: 'authorized' });
      deps.onAuthorized(outcome.tokens);
      return;
    }
    if (!isCurrent(ofRun)) return;
    switch (outcome.kind) {
      case 'pending':
        planPoll(ofRun, deviceCode, intervalSec);
        return;
      case 'slow-down': {
        const slower = intervalSec + SLOW_DOWN_STEP_SEC;
        if (state.kind === 'awaiting-user') enter({ ...state, intervalSec: slower });
        planPoll(ofRun, deviceCode, slower);
        return;
      }
      case 'denied':
        fail('access_denied');
        return;
      case 'expired':
        fail('expired_token');
        return;
    }
  }

  async function begin(ofRun: number): Promise<void> {
    let code: DeviceCode;
    try {
      code = await deps.requestCode();
    } catch (error) {
      if (isCurrent(ofRun)) fail('unexpected', error);
      return;
    }
    if (!isCurrent(ofRun)) return;
    const intervalSec = code.intervalSec ?? DEFAULT_POLL_INTERVAL_SEC;
    enter({
      kind: 'awaiting-user',
      userCode: code.userCode,
      verificationUriComplete: code.verificationUriComplete,
      verificationUri: code.verificationUri,
      intervalSec,
    });
    planPoll(ofRun, code.deviceCode, intervalSec);
  }

  return {
    start() {
      // A finished flow stays finished: success navigates away, failure reloads.
      if (running || state.kind === 'authorized' || state.kind === 'failed') return;
      running = true;
      run += 1;
      if (state.kind !== 'requesting-code') enter({ kind: 'requesting-code' });
      void begin(run);
    },
    stop() {
      running = false;
      run += 1;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
