import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  addFacility,
  createPointOfCare,
  createSender,
  deletePointOfCareById,
  deleteSenderById,
  removeFacility,
  updateFacilitySettings,
  updatePointOfCareById,
  updateSenderById,
} from '../../services/feeds/adt-setting-writes.ts';
import {
  createFacilityInput,
  createPointOfCareInput,
  createSenderInput,
  facilitySchema as facilityName,
  updateFacilityInput,
  updatePointOfCareInput,
  updateSenderInput,
} from '../../services/feeds/feed-setting-inputs.ts';
import type { Db } from '../../store/database.ts';
import {
  findPointOfCareById,
  findSenderById,
  pageFacilities,
  pagePointsOfCare,
  pageSenders,
} from '../../store/repositories/adt-settings.ts';
import { idFilter, listQuery, pageOf, pageQuery } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { facilitySchema, pointOfCareSchema, senderSchema } from './feed-schemas.ts';

const tags = ['feeds'];
const facilityParams = z.strictObject({ facility: facilityName });

/**
 * HL7 ADT's mappings (read as workflows are read, written with write:*, decision FEED-40):
 * points of care (PV1-3.1) → workflow and phase; receiving facilities (MSH-6) → this customer;
 * the senders each facility takes, and from where (decision FEED-52).
 */
export async function adtSettingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('department.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/adt/points-of-care',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ workflow_id: idFilter }),
        response: { 200: pageOf(pointOfCareSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pagePointsOfCare(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/adt/points-of-care/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: pointOfCareSchema } } },
    async (request) => {
      const point = await findPointOfCareById(db, principalOf(request).customerId, request.params.id);
      if (!point) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Point of care', id: request.params.id });
      return point;
    },
  );

  routes.post(
    '/adt/points-of-care',
    {
      ...write,
      schema: { tags, security: bearer, body: createPointOfCareInput, response: { 201: pointOfCareSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPointOfCare(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/adt/points-of-care/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updatePointOfCareInput,
        response: { 200: pointOfCareSchema },
      },
    },
    async (request) =>
      updatePointOfCareById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/adt/points-of-care/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deletePointOfCareById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/adt/facilities',
    {
      ...read,
      schema: { tags, security: bearer, querystring: pageQuery, response: { 200: pageOf(facilitySchema) } },
    },
    async (request) => pageFacilities(db, principalOf(request).customerId, request.query),
  );

  routes.post(
    '/adt/facilities',
    {
      ...write,
      schema: { tags, security: bearer, body: createFacilityInput, response: { 201: facilitySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await addFacility(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/adt/facilities/:facility',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: facilityParams,
        body: updateFacilityInput,
        response: { 200: facilitySchema },
      },
    },
    async (request) =>
      updateFacilitySettings(db, principalOf(request).customerId, request.params.facility, request.body),
  );

  routes.delete(
    '/adt/facilities/:facility',
    { ...write, schema: { tags, security: bearer, params: facilityParams, response: noContent } },
    async (request, reply) => {
      await removeFacility(db, principalOf(request).customerId, request.params.facility);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/adt/senders',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ facility: facilityName.optional() }),
        response: { 200: pageOf(senderSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageSenders(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/adt/senders/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: senderSchema } } },
    async (request) => {
      const sender = await findSenderById(db, principalOf(request).customerId, request.params.id);
      if (!sender) throw new AppError('ENTITY_NOT_FOUND', { entity: 'ADT sender', id: request.params.id });
      return sender;
    },
  );

  routes.post(
    '/adt/senders',
    {
      ...write,
      schema: { tags, security: bearer, body: createSenderInput, response: { 201: senderSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSender(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/adt/senders/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateSenderInput,
        response: { 200: senderSchema },
      },
    },
    async (request) => updateSenderById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/adt/senders/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteSenderById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
