import type {
  DryRunResult,
  FeedMessageSummaryRecord,
  MappedPointOfCare,
  UnmappedPointOfCareRecord,
} from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { feedMessageSummarySchema, pointOfCareSchema } from '../../api/feeds/feed-schemas.ts';
import { listQuery, pageOf } from '../../api/paging.ts';
import { bearer } from '../../api/route-parts.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import { pageUnmappedPointsOfCare } from '../../store/repositories/adt-mappings.ts';
import { dryRunAdt } from './dry-run-adt.ts';
import type { ReceiveOptions } from './receive-adt.ts';
import { mapUnmappedPointOfCare, replayAdtMessage } from './replay-adt.ts';

const tags = ['feeds'];

/** What a dry run reads: up to a frame's default limit (FEED-60), as text or base64 (4/3 of it). */
const MAX_DRY_RUN_BYTES = 4 * 1024 * 1024;

const unmappedSchema = z.object({
  point_of_care: z.string(),
  messages: z.number().int(),
  first_at: z.date(),
  last_at: z.date(),
}) satisfies z.ZodType<UnmappedPointOfCareRecord>;

const mapInput = z.strictObject({
  /** As the page lists it (PV1-3.1, lower case); mapped as given, matched without regard to case. */
  point_of_care: z.string().trim().min(1).max(80),
  workflow_id: z.number().int().positive(),
  phase_id: z.number().int().positive().nullable().optional(),
});

const mappedSchema = z.object({
  point: pointOfCareSchema,
  replayed: z.number().int(),
  applied: z.number().int(),
}) satisfies z.ZodType<MappedPointOfCare>;

const dryRunInput = z.union([
  z.strictObject({ text: z.string().min(1).max(MAX_DRY_RUN_BYTES) }),
  z.strictObject({
    base64: z
      .string()
      .min(1)
      .max(Math.ceil((MAX_DRY_RUN_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/),
  }),
]);

const dryRunSchema: z.ZodType<DryRunResult> = z.object({
  refusal: z.string().nullable(),
  messages: z.array(
    z.object({
      index: z.number().int(),
      control_id: z.string(),
      message_type: z.string(),
      processing_id: z.string(),
      charset: z.string(),
      facility: z.object({ name: z.string(), mapped: z.boolean(), test_facility: z.boolean() }),
      sender: z.object({ application: z.string(), facility: z.string(), listed: z.boolean() }),
      fields: z
        .object({
          patient_id: z.string(),
          visit_number: z.string(),
          family_name: z.string(),
          given_name: z.string(),
          point_of_care: z.string(),
          room: z.string(),
          bed: z.string(),
          facility: z.string(),
          building: z.string(),
          floor: z.string(),
        })
        .nullable(),
      place: z.object({
        status: z.enum(['mapped', 'catch_all', 'not_mapped', 'none']),
        mapping_id: z.number().int().nullable(),
        workflow_id: z.number().int().nullable(),
        workflow_name: z.string().nullable(),
      }),
      answer: z.object({
        code: z.enum(['AA', 'AE', 'AR']),
        reason: z.string().nullable(),
        error_code: z.string().nullable(),
      }),
      effect: z
        .object({
          kind: z.string(),
          visit_id: z.number().int().nullable(),
          workflow_id: z.number().int(),
          workflow_name: z.string(),
          phase_id: z.number().int().nullable(),
          phase_name: z.string().nullable(),
          boards: z.array(z.object({ id: z.number().int(), name: z.string() })),
        })
        .nullable(),
    }),
  ),
});

const messageParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

const replayedSchema = z.object({ message: feedMessageSummarySchema }) satisfies z.ZodType<{
  message: FeedMessageSummaryRecord;
}>;

/**
 * The HL7 feed's tools for an interface analyst (decision FEED-67): the points of care nothing
 * maps (with their counts) and a one-click map that reads their messages again; a stored
 * message read again after a fix; and a dry run that says, per message, what the feed would read,
 * match, answer and change, applying nothing. Reading them is the Integrations page's right
 * (update:customer*, as the feed status, FEED-40); mapping and replaying change the boards and
 * the mappings, so they are the mappings' right (write:*).
 */
export async function hl7ToolRoutes(
  app: FastifyInstance,
  { db, log }: { db: Db; log: Logger },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: app.auth.require('customer.update') };
  const write = { preHandler: app.auth.require('setting.write') };
  const replay: ReceiveOptions = {
    transport: 'mllp',
    routePrefix: 'REPLAY',
    log: log.child({ feed: 'hl7' }),
  };

  routes.get(
    '/adt/unmapped-points-of-care',
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        querystring: listQuery({}),
        response: { 200: pageOf(unmappedSchema) },
      },
    },
    async (request) => pageUnmappedPointsOfCare(db, principalOf(request).customerId, request.query),
  );

  routes.post(
    '/adt/unmapped-points-of-care/map',
    { ...write, schema: { tags, security: bearer, body: mapInput, response: { 201: mappedSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await mapUnmappedPointOfCare(db, principalOf(request).customerId, request.body, replay)),
  );

  routes.post(
    '/feeds/hl7/messages/:id/replay',
    {
      ...write,
      schema: {
        tags,
        security: bearer,
        params: messageParams,
        // Nothing to say: the stored message is read again as it is. `{}` or no body at all.
        body: z.strictObject({}).optional(),
        response: { 200: replayedSchema },
      },
    },
    async (request) => ({
      message: await replayAdtMessage(db, principalOf(request).customerId, request.params.id, replay),
    }),
  );

  routes.post(
    '/feeds/hl7/dry-run',
    {
      ...admin,
      // The messages themselves: larger than the REST default (64 KiB), as large as a frame may be.
      bodyLimit: Math.ceil((MAX_DRY_RUN_BYTES * 4) / 3) + 1024,
      schema: { tags, security: bearer, body: dryRunInput, response: { 200: dryRunSchema } },
    },
    async (request) => {
      const body = request.body;
      const input = 'text' in body ? { text: body.text } : { bytes: Buffer.from(body.base64, 'base64') };
      return dryRunAdt(db, principalOf(request).customerId, input, { log: replay.log });
    },
  );
}
