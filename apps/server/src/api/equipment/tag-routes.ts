import { tagKinds } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  createTag,
  createTagInput,
  deleteTagById,
  updateTagById,
  updateTagInput,
} from '../../services/equipment/tag-writes.ts';
import type { Db } from '../../store/database.ts';
import { findTagView, pageTags } from '../../store/repositories/tags.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { booleanFilter, tagSchema, textFilter } from './equipment-schemas.ts';

const tags = ['equipment'];

/** RTLS tags: patient badges, staff badges, asset tags (read:tags to read, write:* to change). */
export async function tagRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('tag.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/tags',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({
          kind: z.enum(tagKinds).optional(),
          in_use: booleanFilter,
          label: textFilter,
        }),
        response: { 200: pageOf(tagSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageTags(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/tags/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: tagSchema } } },
    async (request) => {
      const tag = await findTagView(db, principalOf(request).customerId, request.params.id);
      if (!tag) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Tag', id: request.params.id });
      return tag;
    },
  );

  routes.post(
    '/tags',
    { ...write, schema: { tags, security: bearer, body: createTagInput, response: { 201: tagSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTag(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/tags/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateTagInput,
        response: { 200: tagSchema },
      },
    },
    async (request) => updateTagById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/tags/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteTagById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
