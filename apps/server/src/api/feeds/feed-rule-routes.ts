import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  createFeedRule,
  deleteFeedRuleById,
  updateFeedRuleById,
} from '../../services/feeds/feed-rule-writes.ts';
import { createFeedRuleInput, updateFeedRuleInput } from '../../services/feeds/feed-setting-inputs.ts';
import type { Db } from '../../store/database.ts';
import { findFeedRule, pageFeedRules } from '../../store/repositories/feed-rules.ts';
import { idFilter, listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { feedRuleSchema } from './feed-schemas.ts';

const tags = ['feeds'];

/**
 * The RTLS rules of the workflows (read as workflows are read, written with write:*, decision
 * FEED-40): a patient badge entering a kind of location, or a location, moves the visit to a phase.
 */
export async function feedRuleRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('department.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/feed-rules',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ workflow_id: idFilter }),
        response: { 200: pageOf(feedRuleSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageFeedRules(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/feed-rules/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: feedRuleSchema } } },
    async (request) => {
      const rule = await findFeedRule(db, principalOf(request).customerId, request.params.id);
      if (!rule) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Feed rule', id: request.params.id });
      return rule;
    },
  );

  routes.post(
    '/feed-rules',
    {
      ...write,
      schema: { tags, security: bearer, body: createFeedRuleInput, response: { 201: feedRuleSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createFeedRule(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/feed-rules/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateFeedRuleInput,
        response: { 200: feedRuleSchema },
      },
    },
    async (request) =>
      updateFeedRuleById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/feed-rules/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteFeedRuleById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
