import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectionOf } from '../../services/scim/scim-filter.ts';
import {
  createScimGroup,
  deleteScimGroup,
  listScimGroups,
  patchScimGroup,
  readScimGroup,
  replaceScimGroup,
} from '../../services/scim/scim-groups.ts';
import { scimGroupInput } from '../../services/scim/scim-input.ts';
import { scimPatchInput } from '../../services/scim/scim-patch.ts';
import { listResponseOf, scimGroupResource } from '../../services/scim/scim-resources.ts';
import { GROUP_SCHEMA } from '../../services/scim/scim-urns.ts';
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

/** /Groups (RFC 7644 §3.3 to §3.6): the directory's groups, whose members' roles follow them (IDN-31). */
export async function scimGroupRoutes(app: FastifyInstance, options: ScimRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/Groups',
    {
      schema: { ...scimSchema, querystring: listQuery, response: { 200: listResponseOf(scimGroupResource) } },
    },
    async (request) =>
      listScimGroups(contextOf(request, options), request.query, projectionOf(request.query, GROUP_SCHEMA)),
  );

  routes.get(
    '/Groups/:id',
    {
      schema: {
        ...scimSchema,
        params: idParams,
        querystring: readQuery,
        response: { 200: scimGroupResource },
      },
    },
    async (request) =>
      readScimGroup(
        contextOf(request, options),
        request.params.id,
        projectionOf(request.query, GROUP_SCHEMA),
      ),
  );

  routes.post(
    '/Groups',
    { schema: { ...scimSchema, body: scimGroupInput, response: { 201: scimGroupResource } } },
    async (request, reply) => {
      const { resource, changed } = await createScimGroup(contextOf(request, options), request.body);
      accountsChanged(app, changed);
      return reply.status(201).header('location', resource.meta?.location).send(resource);
    },
  );

  routes.put(
    '/Groups/:id',
    {
      schema: { ...scimSchema, params: idParams, body: scimGroupInput, response: { 200: scimGroupResource } },
    },
    async (request) => {
      const { resource, changed } = await replaceScimGroup(
        contextOf(request, options),
        request.params.id,
        request.body,
      );
      accountsChanged(app, changed);
      return resource;
    },
  );

  routes.patch(
    '/Groups/:id',
    {
      schema: { ...scimSchema, params: idParams, body: scimPatchInput, response: { 200: scimGroupResource } },
    },
    async (request) => {
      const { resource, changed } = await patchScimGroup(
        contextOf(request, options),
        request.params.id,
        request.body,
      );
      accountsChanged(app, changed);
      return resource;
    },
  );

  routes.delete(
    '/Groups/:id',
    { schema: { ...scimSchema, params: idParams, response: noContent } },
    async (request, reply) => {
      const { changed } = await deleteScimGroup(contextOf(request, options), request.params.id);
      accountsChanged(app, changed);
      return reply.status(204).send(null);
    },
  );
}
