import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../identity/require-scopes.ts';
import { admitVisit } from '../services/admit-visit.ts';
import { callVisitToStation } from '../services/call-visit-to-station.ts';
import { completeVisit } from '../services/complete-visit.ts';
import { moveVisitToPhase } from '../services/move-visit-to-phase.ts';
import { admitVisitInput, callVisitToStationInput, moveVisitToPhaseInput } from '../services/schemas.ts';
import type { Db } from '../store/database.ts';
import { bearer, idParams } from './route-parts.ts';

const tags = ['patient flow'];

const created = z.object({ id: z.number().int() });
const moved = z.object({ id: z.number().int(), phase_id: z.number().int(), phase_entered_at: z.date() });
const called = z.object({ id: z.number().int(), called_at: z.date() });
const completed = z.object({ id: z.number().int(), completed_at: z.date().nullable() });

/** The writes a staff console makes to patient flow; each is one transaction in its service. */
export async function visitRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const guard = { preHandler: app.auth.require('visit.write') };

  routes.post(
    '/visits',
    { ...guard, schema: { tags, security: bearer, body: admitVisitInput, response: { 201: created } } },
    async (request, reply) => {
      const visit = await admitVisit(db, principalOf(request).customerId, request.body);
      return reply.status(201).send({ id: visit.id });
    },
  );

  routes.post(
    '/visits/:id/phase',
    {
      ...guard,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: moveVisitToPhaseInput.omit({ visit_id: true }),
        response: { 200: moved },
      },
    },
    async (request) => {
      const visit = await moveVisitToPhase(db, principalOf(request).customerId, {
        ...request.body,
        visit_id: request.params.id,
      });
      return { id: visit.id, phase_id: visit.phase_id, phase_entered_at: visit.phase_entered_at };
    },
  );

  routes.post(
    '/visits/:id/calls',
    {
      preHandler: app.auth.require('patient.call'),
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: callVisitToStationInput.omit({ visit_id: true, called_by: true }),
        response: { 201: called },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const call = await callVisitToStation(db, principal.customerId, {
        ...request.body,
        visit_id: request.params.id,
        called_by: principal.subject,
      });
      return reply.status(201).send({ id: call.id, called_at: call.called_at });
    },
  );

  routes.post(
    '/visits/:id/complete',
    { ...guard, schema: { tags, security: bearer, params: idParams, response: { 200: completed } } },
    async (request) => {
      const visit = await completeVisit(db, principalOf(request).customerId, { visit_id: request.params.id });
      return { id: visit.id, completed_at: visit.completed_at };
    },
  );
}
