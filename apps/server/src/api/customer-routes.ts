import { customerConfigSchema, customerIdSchema } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { findCustomer } from '../store/customers.ts';
import type { Db } from '../store/database.ts';

/** GET /customers/:id: public (the board reads it before signing in). */
export async function customerRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/customers/:id',
    {
      schema: {
        tags: ['customers'],
        params: z.object({ id: customerIdSchema }),
        response: { 200: customerConfigSchema },
      },
    },
    async (request) => {
      const customer = await findCustomer(options.db, request.params.id);
      if (!customer) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Customer', id: request.params.id });
      return customer;
    },
  );
}
