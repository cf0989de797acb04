import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../identity/require-scopes.ts';
import { updateDeviceInput } from '../../services/devices/device-input.ts';
import { getDevice, reloadDevice, revokeDevice, updateDevice } from '../../services/devices/manage-device.ts';
import type { Db } from '../../store/database.ts';
import { listDeviceRecords } from '../../store/repositories/devices.ts';
import { idFilter, listQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';
import { deviceSchema } from './device-schema.ts';
import { pairRoute } from './pair-route.ts';

const tags = ['devices'];

const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** Screens (devices): list, read, rename or show another board, reload, revoke (BOF-42 to BOF-46). */
export async function deviceRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  pairRoute(app, db);

  routes.get(
    '/devices',
    {
      preHandler: app.auth.require('device.read'),
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({
          display_board_id: idFilter,
          location_id: idFilter,
          online: flag,
          revoked: flag,
        }),
        response: { 200: pageOf(deviceSchema) },
      },
    },
    async (request) => {
      const { limit, offset, ...filter } = request.query;
      return listDeviceRecords(db, principalOf(request).customerId, filter, { limit, offset });
    },
  );

  routes.get(
    '/devices/:id',
    {
      preHandler: app.auth.require('device.read'),
      schema: { tags, security: bearer, params: idParams, response: { 200: deviceSchema } },
    },
    async (request) => getDevice(db, principalOf(request).customerId, request.params.id),
  );

  routes.patch(
    '/devices/:id',
    {
      preHandler: app.auth.require('device.write'),
      schema: {
        tags,
        security: bearer,
        params: idParams,
        body: updateDeviceInput,
        response: { 200: deviceSchema },
      },
    },
    async (request) => updateDevice(db, principalOf(request).customerId, request.params.id, request.body),
  );

  routes.post(
    '/devices/:id/reload',
    {
      preHandler: app.auth.require('device.write'),
      schema: { tags, security: bearer, params: idParams, response: noContent },
    },
    async (request, reply) => {
      await reloadDevice(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/devices/:id/revoke',
    {
      preHandler: app.auth.require('device.write'),
      schema: { tags, security: bearer, params: idParams, response: noContent },
    },
    async (request, reply) => {
      await revokeDevice(db, principalOf(request).customerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
