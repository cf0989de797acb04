import { errorEnvelope } from '@careboard/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { validationToAppError } from './validation-error.ts';

/** Fastify's own client errors, mapped onto the catalogue. */
function fastifyClientError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', { limit: BODY_LIMIT_BYTES });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('IS_REQUIRED', { field: 'body' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('IS_NOT_VALID', { field: 'Content-Type' });
    default:
      return new AppError('IS_NOT_VALID', { field: 'body' });
  }
}

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * What Fastify answers itself before routing, when given no handler: a path
 * whose percent-encoding is not UTF-8 (`/api/visits/%80`, FST_ERR_BAD_URL) or a
 * parameter longer than the router takes (FST_ERR_MAX_PARAM_LENGTH) left as
 * Fastify's own `{ error, code: 'FST_ERR_…' }`, outside the catalogue the fuzz
 * suite holds every 4xx to. Pass as Fastify's `frameworkErrors` option.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const appError =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('IS_NOT_VALID', { field: 'path' })
      : new AppError('INTERNAL_SERVER_ERROR', {});
  if (appError.code === 'INTERNAL_SERVER_ERROR') request.log.error({ err: error }, 'unexpected error');
  void reply.status(appError.statusCode).send(errorEnvelope(appError.code, appError.params));
}

/**
 * Every error leaves as `{ code, params, message }`. A client's mistake is a
 * 4xx from the catalogue; anything unexpected is 'Internal server error.'
 * (500), logged with the request id.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (isDatabaseUnavailable(error)) {
      // The database is down, restarting or stalled: retryable, and no stack per request (FND-20).
      request.log.warn({ reason: error.message }, 'database unavailable');
      appError = new AppError('SERVICE_UNAVAILABLE', {});
    } else if (error.validation) {
      appError = validationToAppError(error.validation, error.validationContext);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      appError = fastifyClientError(error);
    } else {
      request.log.error({ err: error }, 'unexpected error');
      appError = new AppError('INTERNAL_SERVER_ERROR', {});
    }
    return reply.status(appError.statusCode).send(errorEnvelope(appError.code, appError.params));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const notFound = new AppError('ROUTE_NOT_FOUND', { method: request.method, path: path.slice(0, 200) });
    return reply.status(notFound.statusCode).send(errorEnvelope(notFound.code, notFound.params));
  });
}
