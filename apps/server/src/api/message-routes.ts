import { type MessageRecord, MessageSenderType } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../identity/require-scopes.ts';
import { deleteMessage } from '../services/patient-flow/delete-message.ts';
import { postMessage, postMessageFields } from '../services/post-message.ts';
import type { Db } from '../store/database.ts';
import { pageMessages } from '../store/repositories/messages.ts';
import { idFilter, listQuery, pageOf } from './paging.ts';
import { bearer, idParams, noContent } from './route-parts.ts';

const tags = ['messages'];

const messageSchema = z.object({
  id: z.number().int(),
  sender_type: z.number().int(),
  text: z.string(),
  display_board_id: z.number().int().nullable(),
  workflow_id: z.number().int().nullable(),
  created_at: z.date(),
  expires_at: z.date().nullable(),
  /** Not expired now: boards run it. */
  active: z.boolean(),
}) satisfies z.ZodType<MessageRecord>;

/** `?active=true|false`: a query string has no booleans, and z.coerce.boolean reads "false" as true. */
const booleanFilter = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/**
 * Messages the boards run as a banner: POST (sender type: user), GET the list a desk keeps an
 * eye on (newest first; BOF-36), DELETE to take one down before it expires (BOF-37).
 */
export async function messageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/messages',
    {
      preHandler: app.auth.require('message.post'),
      schema: {
        tags,
        security: bearer,
        body: postMessageFields.omit({ sender_type: true }),
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const message = await postMessage(db, principalOf(request).customerId, {
        ...request.body,
        sender_type: MessageSenderType.User,
      });
      return reply.status(201).send({ id: message.id });
    },
  );

  routes.get(
    '/messages',
    {
      preHandler: app.auth.require('patient.read'),
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ display_board_id: idFilter, workflow_id: idFilter, active: booleanFilter }),
        response: { 200: pageOf(messageSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      const now = new Date();
      const page = await pageMessages(db, principalOf(request).customerId, filter, { limit, offset }, now);
      return {
        ...page,
        items: page.items.map((message) => ({
          ...message,
          active: message.expires_at === null || message.expires_at.getTime() > now.getTime(),
        })),
      };
    },
  );

  routes.delete(
    '/messages/:id',
    {
      preHandler: app.auth.require('message.write'),
      schema: { tags, security: bearer, params: idParams, response: noContent },
    },
    async (request, reply) => {
      await deleteMessage(db, principalOf(request).customerId, { message_id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
