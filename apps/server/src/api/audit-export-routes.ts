import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { principalOf } from '../identity/require-scopes.ts';
import { type AuditEvent, insertAuditEvent, pageAuditEventsInRange } from '../store/audit-events.ts';
import type { Db } from '../store/database.ts';
import { outsideRequestDeadline } from '../store/database-deadline.ts';
import { actorOf } from './audit-hook.ts';
import { type CsvColumn, toCsv } from './patient-flow/csv.ts';
import { bearer } from './route-parts.ts';

const PAGE = 1_000;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const columns: readonly CsvColumn<AuditEvent>[] = [
  { header: 'id', cell: (event) => event.id },
  { header: 'customer_id', cell: (event) => event.customer_id },
  { header: 'at', cell: (event) => event.at },
  { header: 'actor', cell: (event) => event.actor },
  { header: 'actor_kind', cell: (event) => event.actor_kind },
  { header: 'action', cell: (event) => event.action },
  { header: 'entity', cell: (event) => event.entity },
  { header: 'entity_id', cell: (event) => event.entity_id },
  { header: 'route', cell: (event) => event.route },
  { header: 'status', cell: (event) => event.status },
];

const formats = {
  jsonl: { type: 'application/x-ndjson; charset=utf-8', extension: 'jsonl' },
  csv: { type: 'text/csv; charset=utf-8', extension: 'csv' },
} as const;

/**
 * A bound of the range: a day (`2026-05-01`, UTC; as `to` it includes that whole day) or a
 * moment with its offset (`2026-05-01T08:00:00+02:00`, as `to` the first moment left out).
 */
function readBound(value: string, end: boolean): Date | undefined {
  if (DATE.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return undefined;
    return end ? new Date(day.getTime() + DAY_MS) : day;
  }
  if (!DATE_TIME.test(value)) return undefined;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

/** The range asked for, or DATE_RANGE_NOT_VALID naming both bounds as they were sent. */
function readRange(from: string, to: string): { from: Date; to: Date } {
  const start = readBound(from, false);
  const end = readBound(to, true);
  if (!start || !end || start.getTime() >= end.getTime()) {
    throw new AppError('DATE_RANGE_NOT_VALID', { from, to });
  }
  return { from: start, to: end };
}

function jsonLine(event: AuditEvent): string {
  return `${JSON.stringify({ ...event, at: event.at.toISOString() })}\n`;
}

/** The range's events page by page, each page read with a deadline of its own (BOF-57). */
async function* exportText(
  db: Db,
  customerId: string,
  range: { from: Date; to: Date },
  format: keyof typeof formats,
): AsyncGenerator<string> {
  let afterId = '0';
  for (let first = true; ; first = false) {
    const page = await outsideRequestDeadline(() =>
      pageAuditEventsInRange(db, customerId, range, afterId, PAGE),
    );
    if (format === 'csv' && (first || page.length > 0)) yield toCsv(columns, page, { first });
    if (format === 'jsonl' && page.length > 0) yield page.map(jsonLine).join('');
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    afterId = last.id;
  }
}

/**
 * GET /audit-events/export?from&to&format: the customer's audit events in a date range, oldest
 * first, as JSON lines or CSV, streamed page by page so years of events need neither the memory
 * nor one request's database deadline (decision BOF-57). The export is itself an audit event,
 * written before the first byte: who took which range.
 */
export async function auditExportRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-events/export',
    {
      preHandler: app.auth.require('customer.update'),
      schema: {
        tags: ['audit'],
        security: bearer,
        querystring: z.object({
          from: z.string().max(40).describe('a day (2026-05-01, UTC) or a moment with its offset'),
          to: z.string().max(40).describe('a day, included whole, or the first moment left out'),
          format: z.enum(['jsonl', 'csv']).default('jsonl'),
        }),
        response: {
          200: {
            description: 'The events, one JSON object a line or one CSV row each, oldest first',
            content: {
              'application/x-ndjson': { schema: z.string() },
              'text/csv': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const range = readRange(request.query.from, request.query.to);
      const format = formats[request.query.format];
      await insertAuditEvent(db, {
        customer_id: principal.customerId,
        ...actorOf(principal),
        action: 'read',
        entity: 'audit-events',
        entity_id: `${range.from.toISOString()}/${range.to.toISOString()}`,
        route: `GET ${request.routeOptions.url}`,
        status: 200,
      });
      const name = `audit-events-${request.query.from.slice(0, 10)}-${request.query.to.slice(0, 10)}`;
      // A stream, which the typed reply (a string, as documented) does not know.
      const untyped = reply as unknown as FastifyReply;
      return untyped
        .header('content-type', format.type)
        .header('content-disposition', `attachment; filename="${name}.${format.extension}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportText(db, principal.customerId, range, request.query.format)));
    },
  );
}
