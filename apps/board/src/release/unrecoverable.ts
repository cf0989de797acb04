/** How long an unrecoverable state shows before the page reloads (decision BRD-13). */
export const UNRECOVERABLE_RELOAD_MS = 30_000;

/**
 * An old page whose code chunks are gone from the server (a release replaced
 * them) cannot recover: it reloads onto the new release.
 */
export function reloadOnStaleChunks(reload: () => void, target: Window = window): () => void {
  function onPreloadError(event: Event): void {
    event.preventDefault();
    reload();
  }
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** True for the error a lazy import raises when its chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}
