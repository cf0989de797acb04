import type { TagRecord } from '@careboard/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { TagKind } from '../tables/domain.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import { sameCustomer } from './same-customer.ts';

export type { TagKind } from '../tables/domain.ts';
export type { TagRecord };

/** A tag's own columns; the back office reads it as a `TagRecord`, with its badge and whether anyone wears it. */
export type Tag = Omit<TagRecord, 'badge_id' | 'in_use'>;

export interface Badge {
  readonly id: number;
  readonly label: string;
  readonly tag_id: number | null;
}

export interface TagFilter {
  readonly kind?: TagKind | undefined;
  readonly in_use?: boolean | undefined;
  /** Part of the label, any case. */
  readonly label?: string | undefined;
}

const tagColumns = ['id', 'label', 'battery_low', 'last_seen_at', 'kind'] as const;

export async function insertTags(
  db: Db,
  customerId: string,
  tags: readonly { label: string; battery_low?: boolean; last_seen_at?: Date | null; kind?: TagKind }[],
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
        ...(tag.kind ? { kind: tag.kind } : {}),
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

/** One tag of the customer; `forUpdate` locks it until the transaction ends. */
export async function findTag(
  db: Db,
  customerId: string,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Tag | undefined> {
  let query = db
    .selectFrom('tags')
    .select(tagColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
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

/** Inside a query over `tags` (not aliased: selectPage takes the schema's own table names). */
type TagScope = ExpressionBuilder<Database, 'tags'>;

/** The tag's badge, if it sits in one. */
function badgeIdOf(eb: TagScope) {
  return eb
    .selectFrom('badges as b')
    .select('b.id')
    .where((inner) => sameCustomer(inner, 'b.tag_id', 'tags.id'))
    .limit(1);
}

/** Worn by a visit in progress (by tag or by its badge), by a staff member (its badge), or on an asset. */
function isInUse(eb: TagScope) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('visits as v')
        .select('v.id')
        .where('v.customer_id', '=', eb.ref('tags.customer_id'))
        .where('v.completed_at', 'is', null)
        .where((inner) =>
          inner.or([
            inner('v.tag_id', '=', inner.ref('tags.id')),
            inner(
              'v.badge_id',
              'in',
              inner
                .selectFrom('badges as vb')
                .select('vb.id')
                .where((b) => sameCustomer(b, 'vb.tag_id', 'tags.id')),
            ),
          ]),
        ),
    ),
    eb.exists(
      eb
        .selectFrom('staff as s')
        .innerJoin('badges as sb', (join) => sameCustomer(join, 'sb.id', 's.badge_id'))
        .select('s.id')
        .where((inner) => sameCustomer(inner, 'sb.tag_id', 'tags.id')),
    ),
    eb.exists(
      eb
        .selectFrom('assets as a')
        .select('a.id')
        .where((inner) => sameCustomer(inner, 'a.tag_id', 'tags.id')),
    ),
  ]);
}

function tagViews(db: Db, customerId: string, filter: TagFilter = {}) {
  let query = db
    .selectFrom('tags')
    .select([
      'tags.id',
      'tags.label',
      'tags.battery_low',
      'tags.last_seen_at',
      'tags.kind',
      (eb) => badgeIdOf(eb).as('badge_id'),
      (eb) => isInUse(eb).$castTo<boolean>().as('in_use'),
    ])
    .where('tags.customer_id', '=', customerId);
  if (filter.kind) query = query.where('tags.kind', '=', filter.kind);
  if (filter.in_use !== undefined) {
    const wanted = filter.in_use;
    query = query.where((eb) => (wanted ? isInUse(eb) : eb.not(isInUse(eb))));
  }
  if (filter.label) {
    // Part of a label, any case; the pattern's own wildcards are escaped.
    const pattern = `%${filter.label.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`tags.label ILIKE ${pattern}`);
  }
  return query;
}

/** A page of the customer's tags, by label then id (decision BOF-17), filtered. */
export async function pageTags(
  db: Db,
  customerId: string,
  filter: TagFilter,
  page: PageRequest,
): Promise<Page<TagRecord>> {
  return selectPage(tagViews(db, customerId, filter).orderBy('tags.label').orderBy('tags.id'), page);
}

export async function findTagView(db: Db, customerId: string, id: number): Promise<TagRecord | undefined> {
  return tagViews(db, customerId).where('tags.id', '=', id).executeTakeFirst();
}

export async function insertTag(
  db: Db,
  customerId: string,
  tag: { label: string; kind: TagKind; battery_low: boolean },
): Promise<Tag> {
  return db
    .insertInto('tags')
    .values({ ...tag, customer_id: customerId })
    .returning(tagColumns)
    .executeTakeFirstOrThrow();
}

export async function updateTag(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Pick<Tag, 'label' | 'kind' | 'battery_low'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('tags')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTag(db: Db, customerId: string, id: number): Promise<void> {
  await db.deleteFrom('tags').where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/**
 * Visits that are over keep no link to a tag or badge being removed: a finished visit's
 * badge is history no board shows, and a tag once worn must still be retirable (BOF-18).
 */
export async function forgetOnCompletedVisits(
  db: Db,
  customerId: string,
  worn: { tagId?: number | undefined; badgeId?: number | undefined },
): Promise<void> {
  if (worn.tagId !== undefined) {
    await db
      .updateTable('visits')
      .set({ tag_id: null })
      .where('customer_id', '=', customerId)
      .where('completed_at', 'is not', null)
      .where('tag_id', '=', worn.tagId)
      .execute();
  }
  if (worn.badgeId !== undefined) {
    await db
      .updateTable('visits')
      .set({ badge_id: null })
      .where('customer_id', '=', customerId)
      .where('completed_at', 'is not', null)
      .where('badge_id', '=', worn.badgeId)
      .execute();
  }
}

/** The customer's window after which a silent tag is non-reporting (customers.tag_non_reporting_sec). */
export async function tagNonReportingSec(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select('tag_non_reporting_sec')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.tag_non_reporting_sec ?? 600;
}

/**
 * Whether anyone but `visitId` wears the tag or the badge: a visit in progress, a staff
 * member (by badge), or an asset (by tag).
 */
export async function isWornByOthers(
  db: Db,
  customerId: string,
  worn: { tagId: number | null; badgeId: number | null },
  visitId: number | null,
): Promise<boolean> {
  const { tagId, badgeId } = worn;
  if (tagId === null && badgeId === null) return false;
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('visits as v')
              .select('v.id')
              .where('v.customer_id', '=', customerId)
              .where('v.completed_at', 'is', null)
              .where('v.id', '!=', visitId ?? 0)
              .where((inner) =>
                inner.or([
                  ...(tagId === null ? [] : [inner('v.tag_id', '=', tagId)]),
                  ...(badgeId === null ? [] : [inner('v.badge_id', '=', badgeId)]),
                ]),
              ),
          ),
          eb.exists(
            eb
              .selectFrom('staff as s')
              .select('s.id')
              .where('s.customer_id', '=', customerId)
              .where('s.badge_id', '=', badgeId ?? 0),
          ),
          eb.exists(
            eb
              .selectFrom('assets as a')
              .select('a.id')
              .where('a.customer_id', '=', customerId)
              .where('a.tag_id', '=', tagId ?? 0),
          ),
        ])
        .$castTo<boolean>()
        .as('worn'),
    )
    .executeTakeFirstOrThrow();
  return row.worn;
}

/** What a visit wears: both columns at once, so a badge and its tag never part. */
export async function setVisitWorn(
  db: Db,
  customerId: string,
  visitId: number,
  worn: { tagId: number | null; badgeId: number | null },
): Promise<void> {
  await db
    .updateTable('visits')
    .set({ tag_id: worn.tagId, badge_id: worn.badgeId })
    .where('customer_id', '=', customerId)
    .where('id', '=', visitId)
    .execute();
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

/** The badge a tag is the transmitter of, if any. */
export async function findBadgeOfTag(db: Db, customerId: string, tagId: number): Promise<Badge | undefined> {
  return db
    .selectFrom('badges')
    .select(['id', 'label', 'tag_id'])
    .where('customer_id', '=', customerId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
}

export async function renameBadge(db: Db, customerId: string, id: number, label: string): Promise<void> {
  await db
    .updateTable('badges')
    .set({ label })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteBadge(db: Db, customerId: string, id: number): Promise<void> {
  await db.deleteFrom('badges').where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/**
 * Patient badges no visit in progress, no staff member and no asset has, with whether
 * their tag's battery is low: the simulator hands these out. Tags silent for longer than
 * the customer's window (as of `now`) are left out, as the badging rule would refuse
 * them (domain/tag-usability.ts, decision BOF-19); tags never seen stay in.
 */
export async function listFreePatientBadges(
  db: Db,
  customerId: string,
  now: Date = new Date(),
): Promise<(Badge & { battery_low: boolean })[]> {
  const windowSec = await tagNonReportingSec(db, customerId);
  const reportingSince = new Date(now.getTime() - windowSec * 1000);
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
    .where((eb) => eb.or([eb('t.id', 'is', null), eb('t.kind', '=', 'patient_badge')]))
    .where((eb) => eb.or([eb('t.last_seen_at', 'is', null), eb('t.last_seen_at', '>=', reportingSince)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('visits as v')
            .select('v.id')
            .where((eb) =>
              eb.or([sameCustomer(eb, 'v.badge_id', 'b.id'), sameCustomer(eb, 'v.tag_id', 'b.tag_id')]),
            )
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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assets as a')
            .select('a.id')
            .where((eb) => sameCustomer(eb, 'a.tag_id', 'b.tag_id')),
        ),
      ),
    )
    .orderBy('b.id')
    .execute();
}
