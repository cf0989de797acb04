import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Caller } from '../../services/users/caller.ts';
import { createUser } from '../../services/users/create-user.ts';
import { listUsers, readUser } from '../../services/users/read-users.ts';
import { updateUser } from '../../services/users/update-user.ts';
import {
  createUserInput,
  roleSchema,
  updateUserInput,
  userIdSchema,
} from '../../services/users/user-input.ts';
import type { Db } from '../../store/database.ts';
import { listQuery, pageOf } from '../paging.ts';
import { bearer } from '../route-parts.ts';
import { createdUserSchema, userSchema } from './people-schemas.ts';

const tags = ['users'];
const userParams = z.strictObject({ id: userIdSchema });

/** The caller as the users service judges them: their account, unless a screen (BOF-28). */
function callerOf(request: FastifyRequest): Caller {
  const principal = principalOf(request);
  return { subject: principal.subject, isDevice: principal.deviceId !== undefined };
}

/** GET, POST /users and GET, PATCH /users/:id: the customer's accounts (decisions BOF-27 to BOF-31). */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users',
    {
      preHandler: app.auth.require('user.read'),
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({
          role: roleSchema.optional(),
          disabled: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: pageOf(userSchema) },
      },
    },
    async (request) => {
      const { limit, offset, role, disabled } = request.query;
      const filter = { role, disabled: disabled === undefined ? undefined : disabled === 'true' };
      return listUsers(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/users/:id',
    {
      preHandler: app.auth.require('user.read'),
      schema: { tags, security: bearer, params: userParams, response: { 200: userSchema } },
    },
    async (request) => readUser(db, principalOf(request).customerId, request.params.id),
  );

  routes.post(
    '/users',
    {
      preHandler: app.auth.require('user.write'),
      schema: { tags, security: bearer, body: createUserInput, response: { 201: createdUserSchema } },
    },
    async (request, reply) => {
      const { user, password } = await createUser(
        db,
        principalOf(request).customerId,
        callerOf(request),
        request.body,
      );
      // Never cached: the answer may hold the only copy of a password.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ ...user, ...(password !== undefined ? { password } : {}) });
    },
  );

  routes.patch(
    '/users/:id',
    {
      preHandler: app.auth.require('user.write'),
      schema: {
        tags,
        security: bearer,
        params: userParams,
        body: updateUserInput,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await updateUser(
        db,
        principal.customerId,
        callerOf(request),
        request.params.id,
        request.body,
      );
      // Committed: a disabled or demoted user's tokens and live connections on this node follow at
      // once, other nodes' within seconds (IDN-22).
      app.auth.accounts.changed(user.id);
      return user;
    },
  );
}
