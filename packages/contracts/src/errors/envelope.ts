import { type ErrorCode, type ErrorParams, errorCatalogue, isErrorCode } from './catalogue.ts';

/** What the server answers for every error: `{ code, params, message }`. */
export interface ErrorEnvelope<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly params: ErrorParams<C>;
  readonly message: string;
}

/** The catalogue's text for a code and its params. */
export function formatError<C extends ErrorCode>(code: C, params: ErrorParams<C>): string {
  const text = errorCatalogue[code].text as (p: ErrorParams<C>) => string;
  return text(params);
}

export function errorEnvelope<C extends ErrorCode>(code: C, params: ErrorParams<C>): ErrorEnvelope<C> {
  return { code, params, message: formatError(code, params) };
}

export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status;
}

/**
 * Reads an envelope from an untrusted body. Anything that is not a known code
 * with object params becomes INTERNAL_SERVER_ERROR, so a client always has a
 * catalogue text to show.
 */
export function readErrorEnvelope(body: unknown): ErrorEnvelope {
  if (typeof body === 'object' && body !== null) {
    const { code, params } = body as { code?: unknown; params?: unknown };
    if (isErrorCode(code) && typeof params === 'object' && params !== null) {
      try {
        return errorEnvelope(code, params as never);
      } catch {
        // Params of the wrong shape: fall through to the generic text.
      }
    }
  }
  return errorEnvelope('INTERNAL_SERVER_ERROR', {});
}
