/** Register the service worker at the latest this long after start, stable or not (spec. section 9; BRD-14). */
export const REGISTER_AFTER_MS = 30_000;

/** The part of workbox-window's Workbox this uses. */
export interface WorkboxLike {
  addEventListener(type: 'waiting', listener: () => void): void;
  addEventListener(type: 'controlling', listener: (event: { isUpdate?: boolean | undefined }) => void): void;
  messageSkipWaiting(): void;
  register(): Promise<Pick<ServiceWorkerRegistration, 'update'> | undefined>;
}

export interface ServiceWorkerOptions {
  readonly whenStable: Promise<void>;
  /** CHECK_RELEASE_AFTER_SEC. */
  readonly checkEverySec: number;
  readonly createWorkbox: () => Promise<WorkboxLike>;
  readonly reload: () => void;
  readonly onError: (error: unknown) => void;
}

/**
 * Registers the service worker when the app is stable or after 30 s, then
 * checks for a new release every CHECK_RELEASE_AFTER_SEC. A new version that is
 * ready is activated at once (skip waiting), and the page reloads onto it.
 * Answers a function that stops the checks.
 */
export function startReleaseChecks(options: ServiceWorkerOptions): () => void {
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  const due = new Promise<void>((resolve) => {
    deadline = setTimeout(resolve, REGISTER_AFTER_MS);
    options.whenStable.then(resolve, resolve);
  });

  async function register(): Promise<void> {
    await due;
    clearTimeout(deadline);
    if (stopped) return;
    const workbox = await options.createWorkbox();
    workbox.addEventListener('waiting', () => workbox.messageSkipWaiting());
    workbox.addEventListener('controlling', (event) => {
      // The first install takes no control of an open page; only an update reloads it.
      if (event.isUpdate) options.reload();
    });
    const registration = await workbox.register();
    if (stopped || !registration) return;
    interval = setInterval(() => {
      registration.update().catch(() => {
        // Offline or the server is restarting: the next check tries again.
      });
    }, options.checkEverySec * 1000);
  }

  register().catch(options.onError);
  return () => {
    stopped = true;
    clearTimeout(deadline);
    clearInterval(interval);
  };
}
