import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceCode, PollOutcome } from './device-endpoints.ts';
import { createDeviceFlow, type DeviceFlowDeps } from './device-flow-machine.ts';

const code: DeviceCode = {
  deviceCode: 'device-code-1',
  userCode: 'BDWD-HQPK',
  verificationUriComplete: 'https://auth.example/activate?user_code=BDWD-HQPK',
  verificationUri: 'https://auth.example/activate',
  intervalSec: 5,
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A flow whose polls answer only when the test says so. */
function harness(deviceCode: DeviceCode = code) {
  const polls: Deferred<PollOutcome>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const deps = {
    requestCode: vi.fn(async () => deviceCode),
    poll: vi.fn((_code: string) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const answer = deferred<PollOutcome>();
      polls.push(answer);
      return answer.promise.finally(() => {
        inFlight -= 1;
      });
    }),
    onAuthorized: vi.fn(),
    restart: vi.fn(),
    onUnexpectedError: vi.fn(),
  } satisfies DeviceFlowDeps;
  const flow = createDeviceFlow(deps);
  async function answer(outcome: PollOutcome | Error): Promise<void> {
    const poll = polls.at(-1);
    if (!poll) throw new Error('no poll is waiting');
    if (outcome instanceof Error) poll.reject(outcome);
    else poll.resolve(outcome);
    await vi.advanceTimersByTimeAsync(0);
  }
  return { deps, flow, polls, answer, maxInFlight: () => maxInFlight };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('device flow', () => {
  it('requests a code, then shows it only once it has arrived', async () => {
    const { flow } = harness();
    flow.start();
    expect(flow.getState()).toEqual({ kind: 'requesting-code' });
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.getState()).toEqual({
      kind: 'awaiting-user',
      userCode: 'BDWD-HQPK',
      verificationUriComplete: 'https://auth.example/activate?user_code=BDWD-HQPK',
      verificationUri: 'https://auth.example/activate',
      intervalSec: 5,
    });
  });

  it('first polls after the server’s interval, not before', async () => {
    const { flow, deps } = harness({ ...code, intervalSec: 7 });
    flow.start();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(deps.poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledExactlyOnceWith('device-code-1');
  });

  it('waits 5 s when the server gives no interval', async () => {
    const { flow, deps } = harness({ ...code, intervalSec: undefined });
    flow.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(deps.poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledOnce();
  });

  it('keeps polling at the interval while authorization is pending', async () => {
    const { flow, deps, answer } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await answer({ kind: 'pending' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(deps.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledTimes(2);
  });

  it('never has two polls in flight, however slowly the server answers', async () => {
    const { flow, deps, answer, maxInFlight } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    // The server takes a minute to answer; no second poll may start meanwhile.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.poll).toHaveBeenCalledTimes(1);
    await answer({ kind: 'pending' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deps.poll).toHaveBeenCalledTimes(2);
    expect(maxInFlight()).toBe(1);
  });

  it('adds 5 s to the interval on slow_down, for every later poll', async () => {
    const { flow, deps, answer } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await answer({ kind: 'slow-down' });
    expect(flow.getState()).toMatchObject({ kind: 'awaiting-user', intervalSec: 10 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(deps.poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledTimes(2);
    await answer({ kind: 'pending' });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(deps.poll).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledTimes(3);
    await answer({ kind: 'slow-down' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(deps.poll).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.poll).toHaveBeenCalledTimes(4);
  });

  it('hands over the tokens on success and never polls again', async () => {
    const { flow, deps, answer } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const tokens = { access_token: 'a', refresh_token: 'r', expires_in: 600 };
    await answer({ kind: 'authorized', tokens });
    expect(flow.getState()).toEqual({ kind: 'authorized' });
    expect(deps.onAuthorized).toHaveBeenCalledExactlyOnceWith(tokens);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.poll).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ kind: 'denied' } as const, 'access_denied'],
    [{ kind: 'expired' } as const, 'expired_token'],
  ])('stops on %o with the reason %s and restarts after 10 s', async (outcome, reason) => {
    const { flow, deps, answer } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await answer(outcome);
    expect(flow.getState()).toEqual({ kind: 'failed', reason });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(deps.restart).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.restart).toHaveBeenCalledOnce();
    expect(deps.poll).toHaveBeenCalledTimes(1);
  });

  it('treats any other poll failure as unexpected, reports it and restarts after 10 s', async () => {
    const { flow, deps, answer } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await answer(new Error('invalid_client'));
    expect(flow.getState()).toEqual({ kind: 'failed', reason: 'unexpected' });
    expect(deps.onUnexpectedError).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deps.restart).toHaveBeenCalledOnce();
  });

  it('treats a failed code request as unexpected', async () => {
    const { flow, deps } = harness();
    deps.requestCode.mockRejectedValueOnce(new Error('offline'));
    flow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.getState()).toEqual({ kind: 'failed', reason: 'unexpected' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deps.restart).toHaveBeenCalledOnce();
  });

  it('polls no more once stopped', async () => {
    const { flow, deps } = harness();
    flow.start();
    await vi.advanceTimersByTimeAsync(0);
    flow.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.poll).not.toHaveBeenCalled();
  });

  it('runs one poll chain when started, stopped and started again (React strict mode)', async () => {
    const { flow, deps, maxInFlight } = harness();
    flow.start();
    flow.stop();
    flow.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deps.poll).toHaveBeenCalledTimes(1);
    expect(maxInFlight()).toBe(1);
  });
});
