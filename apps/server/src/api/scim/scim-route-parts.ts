import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ScimContext } from '../../services/scim/scim-context.ts';
import type { Db } from '../../store/database.ts';
import { scimCallerOf } from './scim-auth.ts';

/** What every SCIM route's schema shares: its tag, its token, its media types (RFC 7644 §3.1). */
export const scimSchema = {
  tags: ['scim'],
  security: [{ scimBearer: [] }],
  consumes: ['application/scim+json', 'application/json'],
  produces: ['application/scim+json'],
};

/** A resource's id: any text, a non-uuid simply names nothing (404). */
export const idParams = z.strictObject({ id: z.string().min(1).max(100) });

const attributeLists = {
  attributes: z.string().max(2_000).optional(),
  excludedAttributes: z.string().max(2_000).optional(),
};

/** GET of one resource: RFC 7644 §3.9's attribute lists. Other parameters are ignored. */
export const readQuery = z.object(attributeLists);

/** GET of a list: RFC 7644 §3.4.2's filter and paging, and the attribute lists. */
export const listQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  ...attributeLists,
});

export interface ScimRouteOptions {
  readonly db: Db;
  /** `${PUBLIC_URL}/scim/v2` */
  readonly baseUrl: string;
}

export function contextOf(request: FastifyRequest, options: ScimRouteOptions): ScimContext {
  return {
    db: options.db,
    caller: scimCallerOf(request),
    baseUrl: options.baseUrl,
    route: `${request.method} ${request.routeOptions.url ?? ''}`,
  };
}

/** Committed: the accounts a write disabled, demoted or enabled lose or get access on this node at once (IDN-22). */
export function accountsChanged(app: FastifyInstance, ids: readonly string[]): void {
  for (const id of ids) app.auth.accounts.changed(id);
}
