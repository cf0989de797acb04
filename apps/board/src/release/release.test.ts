import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_AFTER_MS, startReleaseChecks, type WorkboxLike } from './service-worker.ts';
import { isChunkLoadError, reloadOnStaleChunks } from './unrecoverable.ts';

function fakeWorkbox() {
  const listeners: Record<string, ((event: { isUpdate?: boolean }) => void)[]> = {};
  const update = vi.fn(async () => undefined);
  const workbox = {
    addEventListener: vi.fn((type: string, listener: (event: { isUpdate?: boolean }) => void) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    }),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async () => ({ update }) as unknown as ServiceWorkerRegistration),
  };
  const emit = (type: string, event: { isUpdate?: boolean } = {}) => {
    for (const listener of listeners[type] ?? []) listener(event);
  };
  return { workbox: workbox as unknown as WorkboxLike & typeof workbox, update, emit };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('release checks', () => {
  function start(whenStable: Promise<void> = new Promise(() => undefined)) {
    const fake = fakeWorkbox();
    const reload = vi.fn();
    const stop = startReleaseChecks({
      whenStable,
      checkEverySec: 300,
      createWorkbox: async () => fake.workbox,
      reload,
      onError: vi.fn(),
    });
    return { ...fake, reload, stop };
  }

  it('registers the service worker as soon as the app is stable', async () => {
    const { workbox } = start(Promise.resolve());
    await vi.advanceTimersByTimeAsync(0);
    expect(workbox.register).toHaveBeenCalledOnce();
  });

  it('registers after 30 s when the app never becomes stable', async () => {
    const { workbox } = start();
    await vi.advanceTimersByTimeAsync(REGISTER_AFTER_MS - 1);
    expect(workbox.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(REGISTER_AFTER_MS).toBe(30_000);
  });

  it('checks for a new version every CHECK_RELEASE_AFTER_SEC', async () => {
    const { update } = start(Promise.resolve());
    await vi.advanceTimersByTimeAsync(299_999);
    expect(update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('activates a waiting version and reloads once it controls the page', async () => {
    const { workbox, emit, reload } = start(Promise.resolve());
    await vi.advanceTimersByTimeAsync(0);
    emit('waiting');
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload on the very first install', async () => {
    const { emit, reload } = start(Promise.resolve());
    await vi.advanceTimersByTimeAsync(0);
    emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops checking when stopped', async () => {
    const { update, stop } = start(Promise.resolve());
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(update).not.toHaveBeenCalled();
  });
});

describe('unrecoverable states', () => {
  it('reloads when a code chunk of this release is gone', () => {
    const reload = vi.fn();
    const stop = reloadOnStaleChunks(reload);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reload).toHaveBeenCalledOnce();
    stop();
  });

  it('recognises a failed lazy import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
