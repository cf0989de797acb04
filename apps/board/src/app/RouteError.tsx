import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../release/unrecoverable.ts';
import { useRuntime } from '../runtime-config/runtime-context.ts';
import { MessageScreen } from '../ui/MessageScreen.tsx';

/**
 * What a route shows when it throws: 'There was an unexpected error.', reported.
 * A board chunk that cannot load means a newer release replaced it: reload.
 */
export function RouteError() {
  const error = useRouteError();
  const { reporter } = useRuntime();
  const stale = isChunkLoadError(error);

  useEffect(() => {
    if (stale) window.location.reload();
    else reporter.report(error);
  }, [error, reporter, stale]);

  return stale ? null : <MessageScreen id="error.unexpected" />;
}
