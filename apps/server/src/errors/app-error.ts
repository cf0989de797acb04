import { type ErrorCode, type ErrorParams, errorStatus, formatError } from '@careboard/contracts';

/** An error with a catalogue code: answered as `{ code, params, message }`. */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: ErrorParams<C>;
  readonly statusCode: number;

  constructor(code: C, params: ErrorParams<C>) {
    super(formatError(code, params));
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.statusCode = errorStatus(code);
  }
}

/** Whether `error` is an AppError with this code (its params then typed for that code). */
export function isAppError<C extends ErrorCode>(error: unknown, code: C): error is AppError<C> {
  return error instanceof AppError && error.code === code;
}
