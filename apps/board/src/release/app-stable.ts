/**
 * "The app is stable": a board's config is on screen, or the device activation
 * code is. The service worker registers then, so it never competes with the
 * first load for the network.
 */
let resolveStable: () => void = () => undefined;

export const appStable: Promise<void> = new Promise((resolve) => {
  resolveStable = resolve;
});

export function markAppStable(): void {
  resolveStable();
}
