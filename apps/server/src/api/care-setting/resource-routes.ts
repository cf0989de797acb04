import type { ScopedAction } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from '../../identity/require-scopes.ts';
import type { Db } from '../../store/database.ts';
import type { Page, PageRequest } from '../../store/repositories/page.ts';
import { listQuery, type PageQuery, pageOf } from '../paging.ts';
import { bearer, idParams, noContent } from '../route-parts.ts';

/** Every care-setting write needs the configuration scope (decision BOF-05). */
export const WRITE_ACTION: ScopedAction = 'setting.write';

/**
 * One REST resource of the care setting: a paged list with its filters, GET one, and the
 * writes it has (POST 201 with the record, PATCH 200 with the record, DELETE 204).
 */
export interface ResourceDefinition<
  Item extends z.ZodType,
  Filters extends z.ZodRawShape,
  Create extends z.ZodType,
  Update extends z.ZodType,
> {
  /** Under /api: '/sites'. */
  readonly path: string;
  readonly tag: string;
  /** The entity ENTITY_NOT_FOUND names: 'Site'. */
  readonly entity: string;
  readonly read: ScopedAction;
  readonly item: Item;
  readonly filters: Filters;
  readonly list: (
    db: Db,
    customerId: string,
    filter: z.output<z.ZodObject<Filters>>,
    page: PageRequest,
  ) => Promise<Page<z.input<Item>>>;
  readonly find: (db: Db, customerId: string, id: number) => Promise<z.input<Item> | undefined>;
  readonly create?: {
    readonly body: Create;
    readonly run: (db: Db, customerId: string, input: z.output<Create>) => Promise<z.input<Item>>;
  };
  readonly update: {
    readonly body: Update;
    readonly run: (db: Db, customerId: string, id: number, input: z.output<Update>) => Promise<z.input<Item>>;
  };
  readonly remove?: (db: Db, customerId: string, id: number) => Promise<void>;
}

/**
 * Registers a resource's routes on `app` (already under /api). The definition is checked
 * against its schemas above; here the schemas are handed to fastify as plain zod types, as
 * its type provider cannot follow the definition's generics.
 */
export function resourceRoutes<
  Item extends z.ZodType,
  Filters extends z.ZodRawShape,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: FastifyInstance, db: Db, resource: ResourceDefinition<Item, Filters, Create, Update>): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.tag];
  const one = `${resource.path}/:id`;
  const item: z.ZodType = resource.item;
  const querystring = listQuery(resource.filters) as unknown as z.ZodType<
    PageQuery & Record<string, unknown>
  >;
  const customerOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).customerId;

  routes.get(
    resource.path,
    {
      preHandler: app.auth.require(resource.read),
      schema: { tags, security: bearer, querystring, response: { 200: pageOf(item) } },
    },
    async (request): Promise<Page<unknown>> => {
      const { limit, offset, ...filter } = request.query;
      return resource.list(db, customerOf(request), filter as z.output<z.ZodObject<Filters>>, {
        limit,
        offset,
      });
    },
  );

  routes.get(
    one,
    {
      preHandler: app.auth.require(resource.read),
      schema: { tags, security: bearer, params: idParams, response: { 200: item } },
    },
    async (request): Promise<unknown> => {
      const { id } = request.params;
      const row = await resource.find(db, customerOf(request), id);
      if (row === undefined) throw new AppError('ENTITY_NOT_FOUND', { entity: resource.entity, id });
      return row;
    },
  );

  const { create, update, remove } = resource;
  if (create) {
    const body: z.ZodType = create.body;
    routes.post(
      resource.path,
      {
        preHandler: app.auth.require(WRITE_ACTION),
        schema: { tags, security: bearer, body, response: { 201: item } },
      },
      async (request, reply) =>
        reply.status(201).send(await create.run(db, customerOf(request), request.body as z.output<Create>)),
    );
  }

  const updateBody: z.ZodType = update.body;
  routes.patch(
    one,
    {
      preHandler: app.auth.require(WRITE_ACTION),
      schema: { tags, security: bearer, params: idParams, body: updateBody, response: { 200: item } },
    },
    async (request): Promise<unknown> =>
      update.run(db, customerOf(request), request.params.id, request.body as z.output<Update>),
  );

  if (remove) {
    routes.delete(
      one,
      {
        preHandler: app.auth.require(WRITE_ACTION),
        schema: { tags, security: bearer, params: idParams, response: noContent },
      },
      async (request, reply) => {
        await remove(db, customerOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}
