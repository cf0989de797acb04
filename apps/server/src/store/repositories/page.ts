import type { Page } from '@careboard/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.ts';

export type { Page };

export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

/**
 * One page of a filtered query and the count of all its rows, in two statements. The
 * query must be ordered by a unique key already, so pages are stable (decision BOF-01).
 */
export async function selectPage<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  page: PageRequest,
): Promise<Page<O>> {
  const [items, count] = await Promise.all([
    query.limit(page.limit).offset(page.offset).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirst(),
  ]);
  return { items, total: Number((count as { count?: string } | undefined)?.count ?? 0), ...page };
}
