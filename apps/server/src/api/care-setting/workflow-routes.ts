import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  addPhaseInput,
  createWorkflowInput,
  reorderPhasesInput,
  updatePhaseInput,
  updateWorkflowInput,
} from '../../services/care-setting/inputs.ts';
import { addPhase, deletePhase, reorderPhases, updatePhase } from '../../services/care-setting/phases.ts';
import { createWorkflow, deleteWorkflow, updateWorkflow } from '../../services/care-setting/workflows.ts';
import type { Db } from '../../store/database.ts';
import { pagePhases } from '../../store/repositories/phases.ts';
import { findPhase, findWorkflow, pageWorkflows } from '../../store/repositories/workflows.ts';
import { idFilter, pageOf, pageQuery } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { resourceRoutes, WRITE_ACTION } from './resource-routes.ts';
import { phaseSchema, workflowSchema } from './schemas.ts';

const tags = ['care setting'];

/** /workflows, their ordered phases and /phases/:id (read:departments); writes need write:*. */
export async function workflowRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(app, db, {
    path: '/workflows',
    tag: 'care setting',
    entity: 'Workflow',
    read: 'department.read',
    item: workflowSchema,
    filters: { department_id: idFilter },
    list: (trx, customerId, filter, page) =>
      pageWorkflows(trx, customerId, { departmentId: filter.department_id }, page),
    find: findWorkflow,
    create: { body: createWorkflowInput, run: createWorkflow },
    update: { body: updateWorkflowInput, run: updateWorkflow },
    remove: deleteWorkflow,
  });
  phaseRoutes(app, db);
}

function phaseRoutes(app: FastifyInstance, db: Db): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = app.auth.require('department.read');
  const write = app.auth.require(WRITE_ACTION);

  routes.get(
    '/workflows/:id/phases',
    {
      preHandler: read,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        querystring: pageQuery,
        response: { 200: pageOf(phaseSchema) },
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const { id } = request.params;
      // An unknown (or another customer's) workflow is not found, not an empty list.
      if (!(await findWorkflow(db, customerId, id)))
        throw new AppError('ENTITY_NOT_FOUND', { entity: 'Workflow', id });
      return pagePhases(db, customerId, id, request.query);
    },
  );

  routes.post(
    '/workflows/:id/phases',
    {
      preHandler: write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: addPhaseInput,
        response: { 201: phaseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addPhase(db, principalOf(request).customerId, request.params.id, request.body)),
  );

  routes.put(
    '/workflows/:id/phases/order',
    {
      preHandler: write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: reorderPhasesInput,
        response: { 200: z.array(phaseSchema).describe('The workflow’s phases in their new order') },
      },
    },
    async (request) => reorderPhases(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.get(
    '/phases/:id',
    {
      preHandler: read,
      schema: { tags, security: bearer, params: idParams, response: { 200: phaseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const phase = await findPhase(db, principalOf(request).customerId, id);
      if (!phase) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Phase', id });
      return phase;
    },
  );

  routes.patch(
    '/phases/:id',
    {
      preHandler: write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updatePhaseInput,
        response: { 200: phaseSchema },
      },
    },
    async (request) => updatePhase(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/phases/:id',
    { preHandler: write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deletePhase(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
