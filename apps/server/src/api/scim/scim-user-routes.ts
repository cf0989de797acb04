import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectionOf } from '../../services/scim/scim-filter.ts';
import { scimUserInput } from '../../services/scim/scim-input.ts';
import { scimPatchInput } from '../../services/scim/scim-patch.ts';
import { listResponseOf, scimUserResource } from '../../services/scim/scim-resources.ts';
import { USER_SCHEMA } from '../../services/scim/scim-urns.ts';
import {
  createScimUser,
  deleteScimUser,
  listScimUsers,
  patchScimUser,
  readScimUser,
  replaceScimUser,
} from '../../services/scim/scim-users.ts';
import { noContent } from '../route-parts.ts';
import {
  accountsChanged,
  contextOf,
  idParams,
  listQuery,
  readQuery,
  type ScimRouteOptions,
  scimSchema,
} from './scim-route-parts.ts';

/** /Users (RFC 7644 §3.3 to §3.6): the connection's accounts the directory manages (IDN-31, IDN-32). */
export async function scimUserRoutes(app: FastifyInstance, options: ScimRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/Users',
    {
      schema: { ...scimSchema, querystring: listQuery, response: { 200: listResponseOf(scimUserResource) } },
    },
    async (request) =>
      listScimUsers(contextOf(request, options), request.query, projectionOf(request.query, USER_SCHEMA)),
  );

  routes.get(
    '/Users/:id',
    {
      schema: {
        ...scimSchema,
        params: idParams,
        querystring: readQuery,
        response: { 200: scimUserResource },
      },
    },
    async (request) =>
      readScimUser(contextOf(request, options), request.params.id, projectionOf(request.query, USER_SCHEMA)),
  );

  routes.post(
    '/Users',
    { schema: { ...scimSchema, body: scimUserInput, response: { 201: scimUserResource } } },
    async (request, reply) => {
      const { resource, changed } = await createScimUser(contextOf(request, options), request.body);
      accountsChanged(app, changed);
      return reply.status(201).header('location', resource.meta?.location).send(resource);
    },
  );

  routes.put(
    '/Users/:id',
    { schema: { ...scimSchema, params: idParams, body: scimUserInput, response: { 200: scimUserResource } } },
    async (request) => {
      const { resource, changed } = await replaceScimUser(
        contextOf(request, options),
        request.params.id,
        request.body,
      );
      accountsChanged(app, changed);
      return resource;
    },
  );

  routes.patch(
    '/Users/:id',
    {
      schema: { ...scimSchema, params: idParams, body: scimPatchInput, response: { 200: scimUserResource } },
    },
    async (request) => {
      const { resource, changed } = await patchScimUser(
        contextOf(request, options),
        request.params.id,
        request.body,
      );
      accountsChanged(app, changed);
      return resource;
    },
  );

  routes.delete(
    '/Users/:id',
    { schema: { ...scimSchema, params: idParams, response: noContent } },
    async (request, reply) => {
      const { changed } = await deleteScimUser(contextOf(request, options), request.params.id);
      accountsChanged(app, changed);
      return reply.status(204).send(null);
    },
  );
}
