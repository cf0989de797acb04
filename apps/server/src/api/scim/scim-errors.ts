import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { isDatabaseUnavailable, toAppError } from '../../errors/database-errors.ts';
import { ScimError, type ScimType } from '../../services/scim/scim-error.ts';
import { ERROR_MESSAGE } from '../../services/scim/scim-urns.ts';

/** What every SCIM answer is (RFC 7644 §3.1, §8.1). */
export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.12: `status` is a string; `scimType` only where the RFC defines one. */
export function scimErrorBody(error: ScimError) {
  return {
    schemas: [ERROR_MESSAGE],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.message,
  };
}

export function sendScimError(reply: FastifyReply, error: ScimError): FastifyReply {
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
  return reply.status(error.status).type(SCIM_MEDIA_TYPE).send(scimErrorBody(error));
}

/** A catalogue error, as SCIM says it: its status and its text, with the scimType that fits. */
function fromAppError(error: AppError): ScimError {
  const scimType: ScimType | undefined =
    error.code === 'DUPLICATE_KEY'
      ? 'uniqueness'
      : error.statusCode === 400 || error.statusCode === 422
        ? 'invalidValue'
        : undefined;
  // 422 is not SCIM's: a value the server cannot take is 400 invalidValue (RFC 7644 §3.12).
  const status = error.statusCode === 422 ? 400 : error.statusCode;
  // A unique key's value (a userName) stays out of the answer's text, as it stays out of logs.
  const detail =
    error.code === 'DUPLICATE_KEY' ? 'Another resource of this connection has this value.' : error.message;
  return new ScimError(status, scimType, detail);
}

/** Fastify's own refusals before a handler runs: a body that is not JSON, too large, of another type. */
function fromFastifyError(error: FastifyError): ScimError {
  if (error.validation) {
    const issue = error.validation[0];
    const field =
      issue?.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? 'body');
    return new ScimError(400, 'invalidValue', `${field} is not valid.`);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ScimError(413, undefined, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ScimError(415, undefined, 'The body must be application/scim+json or application/json.');
    default:
      return new ScimError(400, 'invalidSyntax', 'The request body is not valid JSON.');
  }
}

/**
 * Every answer under /scim/v2 that is not a success is a SCIM Error message (RFC 7644 §3.12), a
 * route's own as much as Fastify's: a bad request is a 400, never a 500. Anything unexpected is
 * logged (never the request body) and answered 500 without its detail.
 */
export function installScimErrors(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    if (raw instanceof ScimError) return sendScimError(reply, raw);
    if (isDatabaseUnavailable(raw)) {
      // The database is down, restarting or stalled: retryable, and no stack per request (FND-20).
      request.log.warn({ reason: raw.message }, 'database unavailable');
      return sendScimError(reply, new ScimError(503, undefined, 'The service is not ready.'));
    }
    // A unique key PostgreSQL guards (userName, externalId, displayName): never logged, as its value may name a person.
    if ((raw as { code?: unknown }).code === '23505')
      return sendScimError(
        reply,
        new ScimError(409, 'uniqueness', 'Another resource of this connection has this value.'),
      );
    const error = toAppError(raw);
    if (error instanceof AppError) return sendScimError(reply, fromAppError(error));
    if (typeof raw.statusCode === 'number' && raw.statusCode >= 400 && raw.statusCode < 500)
      return sendScimError(reply, fromFastifyError(raw));
    request.log.error({ err: raw }, 'unexpected error');
    return sendScimError(reply, new ScimError(500, undefined, 'Internal server error.'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendScimError(
      reply,
      new ScimError(
        404,
        undefined,
        `There is no ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`,
      ),
    ),
  );
}

/**
 * What Fastify answers before routing (a path whose percent-encoding is not UTF-8, a parameter
 * longer than the router takes), for a path under the SCIM prefix: a SCIM 400 as well.
 */
export function answerScimFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const known = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void sendScimError(
    reply,
    known
      ? new ScimError(400, 'invalidValue', 'The path is not valid.')
      : new ScimError(500, undefined, 'Internal server error.'),
  );
}
