import { customerIdSchema } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../identity/require-scopes.ts';
import { updateCustomerSettingsInput } from '../../services/tenants/customer-input.ts';
import {
  readCustomerSettings,
  updateCustomerSettings,
} from '../../services/tenants/update-customer-settings.ts';
import type { Db } from '../../store/database.ts';
import { bearer } from '../route-parts.ts';
import { customerSettingsSchema } from './people-schemas.ts';

const tags = ['customers'];
const customerParams = z.strictObject({ id: customerIdSchema });

/**
 * GET /customers/:id/settings and PATCH /customers/:id: the caller's own customer only,
 * another id is ENTITY_NOT_FOUND (BOF-29). The public GET /customers/:id the board reads
 * before sign-in stays in customer-routes.ts, its shape the specification's.
 */
export async function customerSettingsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/customers/:id/settings',
    {
      preHandler: app.auth.require('customer.update'),
      schema: { tags, security: bearer, params: customerParams, response: { 200: customerSettingsSchema } },
    },
    async (request) => readCustomerSettings(db, principalOf(request).customerId, request.params.id),
  );

  routes.patch(
    '/customers/:id',
    {
      preHandler: app.auth.require('customer.update'),
      schema: {
        tags,
        security: bearer,
        params: customerParams,
        body: updateCustomerSettingsInput,
        response: { 200: customerSettingsSchema },
      },
    },
    async (request) =>
      updateCustomerSettings(db, principalOf(request).customerId, request.params.id, request.body),
  );
}
