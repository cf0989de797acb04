import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { beginFederatedSignIn } from '../../identity/federation/federation-routes.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  createConnectionInput,
  signInSettingsInput,
  updateConnectionInput,
} from '../../services/sign-in/connection-input.ts';
import { toConnectionRecord } from '../../services/sign-in/connection-view.ts';
import {
  createConnection,
  deleteConnection,
  readConnection,
  updateConnection,
} from '../../services/sign-in/connections.ts';
import { readSignInSettings, saveSignInSettings } from '../../services/sign-in/sign-in-settings.ts';
import type { Db } from '../../store/database.ts';
import { listConnections } from '../../store/sign-in-connections.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer, noContent } from '../route-parts.ts';
import { signInConnectionSchema, signInSettingsSchema, signInTestSchema } from './sign-in-schemas.ts';

const tags = ['sign-in'];
const connectionParams = z.strictObject({ id: z.guid() });

interface Options {
  readonly db: Db;
  readonly publicUrl: string;
}

/**
 * The customer's sign-in connections, its password setting and test sign-ins (decisions IDN-23,
 * IDN-29, IDN-33): an admin's (`update:customer*`), audited by the write hook; secrets are
 * write-only, never in an answer, a log line or the audit.
 */
export async function signInConnectionRoutes(
  app: FastifyInstance,
  { db, publicUrl }: Options,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.auth.require('customer.update');
  const record = (row: Parameters<typeof toConnectionRecord>[0]) => toConnectionRecord(row, publicUrl);

  routes.get(
    '/sign-in-connections',
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({}),
        response: { 200: pageOf(signInConnectionSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const all = (await listConnections(db, principalOf(request).customerId)).map(record);
      return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
    },
  );

  routes.post(
    '/sign-in-connections',
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearer,
        body: createConnectionInput,
        response: { 201: signInConnectionSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(record(await createConnection(db, principalOf(request).customerId, request.body))),
  );

  routes.get(
    '/sign-in-connections/:id',
    {
      preHandler: admin,
      schema: { tags, security: bearer, params: connectionParams, response: { 200: signInConnectionSchema } },
    },
    async (request) => record(await readConnection(db, principalOf(request).customerId, request.params.id)),
  );

  routes.patch(
    '/sign-in-connections/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearer,
        params: connectionParams,
        body: updateConnectionInput,
        response: { 200: signInConnectionSchema },
      },
    },
    async (request) =>
      record(await updateConnection(db, principalOf(request).customerId, request.params.id, request.body)),
  );

  routes.delete(
    '/sign-in-connections/:id',
    { preHandler: admin, schema: { tags, security: bearer, params: connectionParams, response: noContent } },
    async (request, reply) => {
      const accounts = await deleteConnection(db, principalOf(request).customerId, request.params.id);
      // Committed: its people's live connections here check their accounts at once (IDN-22).
      for (const accountId of accounts) app.auth.accounts.changed(accountId);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/sign-in-connections/:id/test',
    {
      preHandler: admin,
      schema: {
        tags,
        security: bearer,
        params: connectionParams,
        body: z.strictObject({}),
        response: { 200: signInTestSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const connection = await readConnection(db, principal.customerId, request.params.id);
      const { path, expiresAt } = await beginFederatedSignIn(db, connection.id, {
        testBy: principal.subject,
      });
      reply.header('cache-control', 'no-store');
      return { url: `${publicUrl}${path}`, expires_at: expiresAt };
    },
  );

  routes.get(
    '/sign-in-settings',
    { preHandler: admin, schema: { tags, security: bearer, response: { 200: signInSettingsSchema } } },
    async (request) => readSignInSettings(db, principalOf(request).customerId),
  );

  routes.put(
    '/sign-in-settings',
    {
      preHandler: admin,
      schema: { tags, security: bearer, body: signInSettingsInput, response: { 200: signInSettingsSchema } },
    },
    async (request) => saveSignInSettings(db, principalOf(request).customerId, request.body),
  );
}
