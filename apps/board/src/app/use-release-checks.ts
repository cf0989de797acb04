import { installGlobalErrorHandlers } from '@careboard/web-client';
import { useEffect } from 'react';
import { appStable } from '../release/app-stable.ts';
import { startReleaseChecks } from '../release/service-worker.ts';
import { reloadOnStaleChunks } from '../release/unrecoverable.ts';
import { isProductionBuild } from '../runtime-config/build-info.ts';
import { useRuntime } from '../runtime-config/runtime-context.ts';

/** Page-level duties once the runtime is known: error reporting, stale-chunk reloads, release checks. */
export function useReleaseChecks(): void {
  const { config, reporter } = useRuntime();

  useEffect(() => {
    const reload = () => window.location.reload();
    const stops = [installGlobalErrorHandlers(reporter), reloadOnStaleChunks(reload)];
    if (isProductionBuild && 'serviceWorker' in navigator) {
      stops.push(
        startReleaseChecks({
          whenStable: appStable,
          checkEverySec: config.CHECK_RELEASE_AFTER_SEC,
          createWorkbox: async () => {
            const { Workbox } = await import('workbox-window');
            return new Workbox('/sw.js', { scope: '/' });
          },
          reload,
          onError: (error) => reporter.report(error),
        }),
      );
    }
    return () => {
      for (const stop of stops) stop();
    };
  }, [config.CHECK_RELEASE_AFTER_SEC, reporter]);
}
