import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import {
  type LocationExportRow,
  listLocationExportRows,
  listSiteExportRows,
  type SiteExportRow,
} from '../../store/repositories/exports.ts';
import { bearer } from '../route-parts.ts';
import { type CsvColumn, toCsv } from './csv.ts';

const tags = ['exports'];

/** A CSV answer in the OpenAPI document: a string of content type text/csv. */
function csvResponse(description: string) {
  return { 200: { description, content: { 'text/csv': { schema: z.string() } } } };
}

const siteColumns: readonly CsvColumn<SiteExportRow>[] = [
  { header: 'id', cell: (row) => row.id },
  { header: 'name', cell: (row) => row.name },
  { header: 'default_timezone', cell: (row) => row.default_timezone },
  { header: 'departments', cell: (row) => row.departments },
  { header: 'created_at', cell: (row) => row.created_at },
];

const locationColumns: readonly CsvColumn<LocationExportRow>[] = [
  { header: 'id', cell: (row) => row.id },
  { header: 'name', cell: (row) => row.name },
  { header: 'kind', cell: (row) => row.kind },
  { header: 'stations', cell: (row) => row.stations },
  { header: 'station_names', cell: (row) => row.station_names },
];

/** `sites-2026-05-01.csv`: what it is and the day it was taken, so two downloads differ (BOF-40). */
function sendCsv(reply: FastifyReply, what: string, csv: string, now = new Date()) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${what}-${now.toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/**
 * GET /export/sites and /export/locations: the care setting as CSV for a spreadsheet, at the
 * board's EXPORT_API_URL (`sites/export` → /api/export/sites). The whole list, by id: a
 * customer has tens of sites and hundreds of locations, not a page's worth (BOF-38).
 */
export async function exportRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/export/sites',
    {
      preHandler: app.auth.require('site.read'),
      schema: { tags, security: bearer, response: csvResponse('The sites, one CSV row each') },
    },
    async (request, reply) => {
      const rows = await listSiteExportRows(db, principalOf(request).customerId);
      return sendCsv(reply, 'sites', toCsv(siteColumns, rows));
    },
  );

  routes.get(
    '/export/locations',
    {
      preHandler: app.auth.require('station.read'),
      schema: { tags, security: bearer, response: csvResponse('The locations, one CSV row each') },
    },
    async (request, reply) => {
      const rows = await listLocationExportRows(db, principalOf(request).customerId);
      return sendCsv(reply, 'locations', toCsv(locationColumns, rows));
    },
  );
}
