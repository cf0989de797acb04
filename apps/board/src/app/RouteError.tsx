import { Component, type ReactNode, useEffect } from 'react';
import { type Location, useLocation } from 'react-router';
import { isChunkLoadError } from '../release/unrecoverable.ts';
import { useRuntime } from '../runtime-config/runtime-context.ts';
import { MessageScreen } from '../ui/MessageScreen.tsx';

/**
 * What a route shows when it throws: 'There was an unexpected error.', reported.
 * A board chunk that cannot load means a newer release replaced it: reload.
 */
export function RouteError({ error, reload }: { readonly error: unknown; readonly reload: () => void }) {
  const { reporter } = useRuntime();
  const stale = isChunkLoadError(error);

  useEffect(() => {
    if (stale) reload();
    else reporter.report(error);
  }, [error, reporter, stale, reload]);

  return stale ? null : <MessageScreen id="error.unexpected" />;
}

/** Catches what a route and its child routes throw, including a lazy screen that cannot load. */
export function RouteErrorBoundary({
  children,
  reload = reloadPage,
}: {
  readonly children: ReactNode;
  readonly reload?: () => void;
}) {
  return (
    <ErrorBoundary location={useLocation()} reload={reload}>
      {children}
    </ErrorBoundary>
  );
}

function reloadPage(): void {
  window.location.reload();
}

interface ErrorBoundaryProps {
  readonly location: Location;
  readonly reload: () => void;
  readonly children: ReactNode;
}

type ErrorBoundaryState =
  | { readonly location: Location; readonly failed: false }
  | { readonly location: Location; readonly failed: true; readonly error: unknown };

class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error };
  }

  /** Another address starts without the error, as with React Router's own route error boundaries. */
  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): ErrorBoundaryState | null {
    return props.location === state.location ? null : { location: props.location, failed: false };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteError error={this.state.error} reload={this.props.reload} />;
  }
}
