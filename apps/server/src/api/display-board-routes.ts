import { displayBoardConfigSchema } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { principalOf } from '../identity/require-scopes.ts';
import { createDisplayBoard } from '../services/create-display-board.ts';
import { deleteDisplayBoard } from '../services/delete-display-board.ts';
import { createDisplayBoardInput, updateDisplayBoardInput } from '../services/schemas.ts';
import { updateDisplayBoard } from '../services/update-display-board.ts';
import type { Db } from '../store/database.ts';
import { findDisplayBoardConfig, listDisplayBoardConfigs } from '../store/repositories/display-boards.ts';
import { bearer, idParams, noContent } from './route-parts.ts';

const tags = ['display boards'];

/** Display boards: read with access:display-board; created, changed and deleted with write:*. */
export async function displayBoardRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/display-boards',
    {
      preHandler: app.auth.require('display-board.read'),
      schema: { tags, security: bearer, response: { 200: z.array(displayBoardConfigSchema) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const boards = await listDisplayBoardConfigs(db, principal.customerId);
      // A screen sees its own board only (IDN-16).
      const only = await app.auth.boards.deviceBoard(principal);
      return only === undefined ? boards : boards.filter((board) => board.id === only);
    },
  );

  routes.get(
    '/display-boards/:id',
    {
      preHandler: app.auth.require('display-board.read'),
      schema: { tags, security: bearer, params: idParams, response: { 200: displayBoardConfigSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      // Another board than a screen's own is not found, as another customer's is (IDN-16).
      const config = (await app.auth.boards.mayRead(principal, request.params.id))
        ? await findDisplayBoardConfig(db, principal.customerId, request.params.id)
        : undefined;
      if (!config) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: request.params.id });
      return config;
    },
  );

  routes.post(
    '/display-boards',
    {
      preHandler: app.auth.require('display-board.configure'),
      schema: {
        tags,
        security: bearer,
        body: createDisplayBoardInput,
        response: { 201: displayBoardConfigSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDisplayBoard(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/display-boards/:id',
    {
      preHandler: app.auth.require('display-board.configure'),
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateDisplayBoardInput,
        response: { 200: displayBoardConfigSchema },
      },
    },
    async (request) =>
      updateDisplayBoard(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/display-boards/:id',
    {
      preHandler: app.auth.require('display-board.configure'),
      schema: { tags, security: bearer, params: idParams, response: noContent },
    },
    async (request, reply) => {
      await deleteDisplayBoard(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
