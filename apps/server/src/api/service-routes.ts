import type { BackupStatusRecord } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackupsConfig } from '../config/config.ts';
import { readBackupStatus } from '../store/backup-status.ts';
import type { Db } from '../store/database.ts';
import { bearer } from './route-parts.ts';

const backupStatusSchema = z.object({
  scheduled: z.boolean(),
  every_hours: z.number().nullable(),
  last_success_at: z.date().nullable(),
  last_failure_at: z.date().nullable(),
  failing: z.boolean(),
}) satisfies z.ZodType<BackupStatusRecord>;

/**
 * The service's own health as a customer's admins may see it (update:customer*, as the feeds'
 * status): the scheduled backups of the whole service, its times and whether the last failed,
 * never where they go or why they failed (decision FND-47).
 */
export async function serviceRoutes(
  app: FastifyInstance,
  { db, backups }: { db: Db; backups: BackupsConfig },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/service/backups',
    {
      preHandler: app.auth.require('customer.update'),
      schema: { tags: ['service'], security: bearer, response: { 200: backupStatusSchema } },
    },
    async () => {
      const status = await readBackupStatus(db);
      const failedAt = status.last_failure_at?.getTime();
      return {
        scheduled: backups.dir !== null,
        every_hours: backups.dir === null ? null : backups.everyHours,
        ...status,
        failing: failedAt !== undefined && failedAt > (status.last_success_at?.getTime() ?? 0),
      };
    },
  );
}
