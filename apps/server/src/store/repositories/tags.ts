import type { Db } from '../database.ts';
import { sameCustomer } from './same-customer.ts';

export interface Tag {
  readonly id: number;
  readonly label: string;
  readonly battery_low: boolean;
  readonly last_seen_at: Date | null;
}

export interface Badge {
  readonly id: number;
  readonly label: string;
  readonly tag_id: number | null;
}

const tagColumns = ['id', 'label', 'battery_low', 'last_seen_at'] as const;

export async function insertTags(
  db: Db,
  customerId: string,
  tags: readonly { label: string; battery_low?: boolean; last_seen_at?: Date | null }[],
): Promise<Tag[]> {
  if (tags.length === 0) return [];
  const rows = await db
    .insertInto('tags')
    .values(
      tags.map((tag) => ({
        customer_id: customerId,
        label: tag.label,
        battery_low: tag.battery_low ?? false,
        last_seen_at: tag.last_seen_at ?? null,
      })),
    )
    .returning(tagColumns)
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listTags(db: Db, customerId: string): Promise<Tag[]> {
  return db
    .selectFrom('tags')
    .select(tagColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findTag(db: Db, customerId: string, id: number): Promise<Tag | undefined> {
  return db
    .selectFrom('tags')
    .select(tagColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A tag reported in: when, and whether its battery is low. */
export async function recordTagSeen(
  db: Db,
  customerId: string,
  id: number,
  seen: { at: Date; battery_low: boolean },
): Promise<Tag | undefined> {
  return db
    .updateTable('tags')
    .set({ last_seen_at: seen.at, battery_low: seen.battery_low })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(tagColumns)
    .executeTakeFirst();
}

export async function insertBadges(
  db: Db,
  customerId: string,
  badges: readonly Omit<Badge, 'id'>[],
): Promise<Badge[]> {
  if (badges.length === 0) return [];
  const rows = await db
    .insertInto('badges')
    .values(badges.map((badge) => ({ customer_id: customerId, label: badge.label, tag_id: badge.tag_id })))
    .returning(['id', 'label', 'tag_id'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listBadges(db: Db, customerId: string): Promise<Badge[]> {
  return db
    .selectFrom('badges')
    .select(['id', 'label', 'tag_id'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findBadge(db: Db, customerId: string, id: number): Promise<Badge | undefined> {
  return db
    .selectFrom('badges')
    .select(['id', 'label', 'tag_id'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Badges no visit in progress and no staff member wears, with whether their tag's
 * battery is low: the simulator hands these out.
 */
export async function listFreePatientBadges(
  db: Db,
  customerId: string,
): Promise<(Badge & { battery_low: boolean })[]> {
  return db
    .selectFrom('badges as b')
    .leftJoin('tags as t', (join) => sameCustomer(join, 't.id', 'b.tag_id'))
    .select([
      'b.id',
      'b.label',
      'b.tag_id',
      (eb) => eb.fn.coalesce('t.battery_low', eb.lit(false)).as('battery_low'),
    ])
    .where('b.customer_id', '=', customerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('visits as v')
            .select('v.id')
            .where((eb) => sameCustomer(eb, 'v.badge_id', 'b.id'))
            .where('v.completed_at', 'is', null),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('staff as s')
            .select('s.id')
            .where((eb) => sameCustomer(eb, 's.badge_id', 'b.id')),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
}
