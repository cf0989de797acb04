import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DeadlineScope, runInDeadlineScope } from '../store/database-deadline.ts';

interface Held {
  readonly scope: DeadlineScope;
  /** The request's async context, entered again once its body has been read. */
  readonly resource: AsyncResource;
}

/**
 * Every request is one scope for the database deadline (decision FND-35): DATABASE_TIMEOUT_MS
 * bounds its connection waits and statements together, so a stalled database is a 503 within the
 * limit however many statements the request makes. Reading the body runs on the socket's events,
 * outside the scope, so the scope is entered again before validation (as @fastify/request-context
 * does). Once answered, whatever the request left running waits as other work does.
 */
export function installDatabaseDeadline(app: FastifyInstance): void {
  const held = new WeakMap<FastifyRequest, Held>();
  app.addHook('onRequest', (request, _reply, done) => {
    runInDeadlineScope((scope) => {
      held.set(request, { scope, resource: new AsyncResource('careboard.request') });
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const own = held.get(request);
    if (own) own.resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    held.get(request)?.scope.end();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    held.get(request)?.scope.end();
    done();
  });
}
