import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import {
  createSensor,
  createSensorInput,
  deleteSensorById,
  updateSensorById,
  updateSensorInput,
} from '../../services/equipment/sensor-writes.ts';
import type { Db } from '../../store/database.ts';
import { findSensor, pageSensors } from '../../store/repositories/sensors.ts';
import { idFilter, listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { sensorSchema } from './equipment-schemas.ts';

const tags = ['equipment'];

/** RTLS sensors fixed in locations (read:tags to read, write:* to change). */
export async function sensorRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.auth.require('tag.read') };
  const write = { preHandler: app.auth.require('setting.write') };

  routes.get(
    '/sensors',
    {
      ...read,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({ location_id: idFilter }),
        response: { 200: pageOf(sensorSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return pageSensors(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/sensors/:id',
    { ...read, schema: { tags, security: bearer, params: idParams, response: { 200: sensorSchema } } },
    async (request) => {
      const sensor = await findSensor(db, principalOf(request).customerId, request.params.id);
      if (!sensor) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Sensor', id: request.params.id });
      return sensor;
    },
  );

  routes.post(
    '/sensors',
    {
      ...write,
      schema: { tags, security: bearer, body: createSensorInput, response: { 201: sensorSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createSensor(db, principalOf(request).customerId, request.body)),
  );

  routes.patch(
    '/sensors/:id',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateSensorInput,
        response: { 200: sensorSchema },
      },
    },
    async (request) => updateSensorById(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.delete(
    '/sensors/:id',
    { ...write, schema: { tags, security: bearer, params: idParams, response: noContent } },
    async (request, reply) => {
      await deleteSensorById(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
