import { MessageSenderType } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../identity/require-scopes.ts';
import { postMessage, postMessageFields } from '../services/post-message.ts';
import type { Db } from '../store/database.ts';
import { bearer } from './route-parts.ts';

/** POST /messages: a staff message the boards run as a banner (sender type: user). */
export async function messageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/messages',
    {
      preHandler: app.auth.require('message.post'),
      schema: { tags: ['messages'], security: bearer, body: postMessageFields.omit({ sender_type: true }) },
    },
    async (request, reply) => {
      const message = await postMessage(db, principalOf(request).customerId, {
        ...request.body,
        sender_type: MessageSenderType.User,
      });
      return reply.status(201).send({ id: message.id });
    },
  );
}
