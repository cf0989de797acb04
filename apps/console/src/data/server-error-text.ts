import { errorText, HttpError } from '@careboard/web-client';
import { useCallback } from 'react';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';

/** A socket action's refusal, as `<action>.error` carries it. */
export interface ActionFailure {
  readonly code: string;
  readonly message: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

export function isActionFailure(error: unknown): error is ActionFailure {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ActionFailure).code === 'string' &&
    typeof (error as ActionFailure).message === 'string'
  );
}

/**
 * The catalogue's text for any failure a page meets, in the customer's locale: an HTTP error's
 * envelope, a socket action's error, else the catalogue's unexpected-error text (CON-27).
 */
export function useServerErrorText(): (error: unknown) => string {
  const { locale } = useConsoleRuntime();
  return useCallback(
    (error: unknown) => {
      if (error instanceof HttpError) return errorText(error.envelope, locale);
      if (isActionFailure(error)) return errorText(error, locale);
      return errorText({ code: 'INTERNAL_SERVER_ERROR' }, locale);
    },
    [locale],
  );
}
