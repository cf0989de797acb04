import type { Page } from '@careboard/contracts';
import { z } from 'zod';

/** The most rows one page of any list holds (decision BOF-01). */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/**
 * limit/offset of every list: a console shows a page and asks for the next. Lists are
 * sorted by a stable key (their id, or a position) so pages never overlap.
 */
export const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export type PageQuery = z.output<typeof pageQuery>;

/** A list's query: paging plus the resource's own filters. */
export function listQuery<S extends z.ZodRawShape>(filters: S) {
  return pageQuery.extend(filters);
}

/** One page of a list: its items, how many there are in all, and where it starts (the contract's `Page`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  }) satisfies z.ZodType<Page<z.output<T>>>;
}

/** A filter by row id in a query string: `?site_id=3`. */
export const idFilter = z.coerce.number().int().positive().max(2_147_483_647).optional();
