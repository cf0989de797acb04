import type { ErrorReporter } from './error-reporter.ts';

/** Reports what nothing else caught: uncaught errors and unhandled promise rejections. */
export function installGlobalErrorHandlers(reporter: ErrorReporter, target: Window = window): () => void {
  function onError(event: ErrorEvent): void {
    reporter.report(event.error ?? event.message);
  }
  function onRejection(event: PromiseRejectionEvent): void {
    reporter.report(event.reason);
  }
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
