import type { PairedDeviceRecord } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import { pairDevice, pairDeviceInput } from '../../services/devices/pair-device.ts';
import type { Db } from '../../store/database.ts';
import { bearer } from '../route-parts.ts';
import { deviceSchema } from './device-schema.ts';

/**
 * The screen paired: its device record, made now with the board it was opened for; `status`
 * says its code is approved and the screen shows its board at its next poll (BOF-51).
 */
const pairedSchema = deviceSchema.extend({
  status: z.literal('approved').describe('The code is approved; the screen gets its tokens at its next poll'),
}) satisfies z.ZodType<PairedDeviceRecord>;

/**
 * POST /devices/pair: an admin pairs a screen by the code it shows (BOF-49 to BOF-51,
 * IDN-20); each code typed spends the code page's budgets, so guessing is as slow here as on
 * /activate (IDN-21).
 */
export function pairRoute(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/devices/pair',
    {
      preHandler: app.auth.require('device.pair'),
      schema: {
        tags: ['devices'],
        security: bearer,
        body: pairDeviceInput,
        response: { 201: pairedSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const budget = await app.deviceCodes?.budget(request.body.user_code, request.ip);
      if (budget && !budget.allowed) {
        reply.header('retry-after', String(budget.retryAfterSec));
        throw new AppError('TOO_MANY_REQUESTS', { seconds: budget.retryAfterSec });
      }
      const device = await pairDevice(
        db,
        app.deviceCodes,
        { customerId: principal.customerId, accountId: principal.subject },
        request.body,
      );
      return reply.status(201).send({ ...device, status: 'approved' as const });
    },
  );
}
