import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { readCompiled } from './compiled-reads.ts';
import { sameCustomer } from './same-customer.ts';

/** What a board shows is limited by its lists: an empty list means "all". */
export interface BoardScope {
  readonly workflowIds: readonly number[];
  readonly phaseIds: readonly number[];
}

/** What a read of a scope depends on, for its kept compiled query (LIVE-43). */
export const scopeText = (customerId: string, scope: BoardScope) =>
  `${customerId}\u0000${scope.workflowIds.join(',')}/${scope.phaseIds.join(',')}`;

export interface BoardVisit {
  readonly id: number;
  readonly first_name: string;
  readonly display_name: string;
  readonly family_code: string;
  readonly badge_label: string | null;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly phase_entered_at: Date;
  readonly location_name: string | null;
  readonly station_name: string | null;
  /** On leave of absence since (ADT A21, FEED-69); null: here. */
  readonly away_since: Date | string | null;
}

/** Active visits a board shows. Last names are never selected. */
export async function listBoardVisits(db: Db, customerId: string, scope: BoardScope): Promise<BoardVisit[]> {
  return readCompiled(db, `visits ${scopeText(customerId, scope)}`, () =>
    boardVisitsQuery(db, customerId, scope),
  );
}

/** The query of `listBoardVisits`, to read alone or with the scope's other reads (scope-flow.ts). */
export function boardVisitsQuery(db: Db, customerId: string, scope: BoardScope) {
  let query = db
    .selectFrom('visits as v')
    .leftJoin('badges as b', (join) => sameCustomer(join, 'b.id', 'v.badge_id'))
    .leftJoin('locations as l', (join) => sameCustomer(join, 'l.id', 'v.location_id'))
    .leftJoin('stations as s', (join) => sameCustomer(join, 's.id', 'v.station_id'))
    .select([
      'v.id',
      'v.first_name',
      'v.display_name',
      'v.family_code',
      'b.label as badge_label',
      'v.workflow_id',
      'v.phase_id',
      'v.phase_entered_at',
      'l.name as location_name',
      's.name as station_name',
      'v.away_since',
    ])
    .where('v.customer_id', '=', customerId)
    .where('v.completed_at', 'is', null);
  if (scope.workflowIds.length > 0) query = query.where('v.workflow_id', 'in', [...scope.workflowIds]);
  if (scope.phaseIds.length > 0) query = query.where('v.phase_id', 'in', [...scope.phaseIds]);
  return query.orderBy('v.phase_entered_at').orderBy('v.id');
}

export interface VisitStaffMember {
  readonly visit_id: number;
  readonly display_name: string;
  readonly abbreviation: string;
}

/**
 * The staff with the active visits a board shows: the same visits as `listBoardVisits` for the
 * scope, read by the scope rather than after the visits (LIVE-39), with them (`readScopeFlow`, LIVE-44).
 */
export function staffOfBoardVisitsQuery(db: Db, customerId: string, scope: BoardScope) {
  let query = db
    .selectFrom('visit_staff as vs')
    .innerJoin('visits as v', (join) => sameCustomer(join, 'v.id', 'vs.visit_id'))
    .innerJoin('staff as st', (join) => sameCustomer(join, 'st.id', 'vs.staff_id'))
    .innerJoin('staff_types as t', (join) => sameCustomer(join, 't.id', 'st.staff_type_id'))
    .select([
      'vs.visit_id',
      'st.display_name',
      sql<string>`coalesce(t.abbreviation, t.name)`.as('abbreviation'),
    ])
    .where('vs.customer_id', '=', customerId)
    .where('v.completed_at', 'is', null);
  if (scope.workflowIds.length > 0) query = query.where('v.workflow_id', 'in', [...scope.workflowIds]);
  if (scope.phaseIds.length > 0) query = query.where('v.phase_id', 'in', [...scope.phaseIds]);
  return query.orderBy('vs.visit_id').orderBy('st.display_name');
}

export interface BoardPhase {
  readonly id: number;
  readonly workflow_id: number;
  readonly workflow_name: string;
  readonly name: string;
  readonly position: number;
  readonly color: string;
  readonly estimated_duration_sec: number | null;
}

export async function listBoardPhases(db: Db, customerId: string, scope: BoardScope): Promise<BoardPhase[]> {
  return readCompiled(db, `phases ${scopeText(customerId, scope)}`, () => {
    let query = db
      .selectFrom('phases as p')
      .innerJoin('workflows as w', (join) => sameCustomer(join, 'w.id', 'p.workflow_id'))
      .select([
        'p.id',
        'p.workflow_id',
        'w.name as workflow_name',
        'p.name',
        'p.position',
        'p.color',
        'p.estimated_duration_sec',
      ])
      .where('p.customer_id', '=', customerId);
    if (scope.workflowIds.length > 0) query = query.where('p.workflow_id', 'in', [...scope.workflowIds]);
    if (scope.phaseIds.length > 0) query = query.where('p.id', 'in', [...scope.phaseIds]);
    return query.orderBy('p.workflow_id').orderBy('p.position');
  });
}

/**
 * Stays that ended since `since` in the phases a board shows (those of `listBoardPhases` for the
 * scope), for today's averages: read by the scope rather than after the phases (LIVE-39), with the
 * visits (`readScopeFlow`, LIVE-44).
 */
export function endedStaysInScopeQuery(db: Db, customerId: string, scope: BoardScope, since: Date) {
  let query = db
    .selectFrom('visit_phase_history as h')
    .innerJoin('phases as p', (join) => sameCustomer(join, 'p.id', 'h.phase_id'))
    .select(['h.phase_id', 'h.entered_at', 'h.left_at'])
    .where('h.customer_id', '=', customerId)
    .where('h.left_at', '>=', since);
  if (scope.workflowIds.length > 0) query = query.where('p.workflow_id', 'in', [...scope.workflowIds]);
  if (scope.phaseIds.length > 0) query = query.where('p.id', 'in', [...scope.phaseIds]);
  return query;
}

export interface BoardCall {
  readonly id: number;
  readonly called_at: Date;
  readonly first_name: string;
  readonly badge_label: string | null;
  readonly tag_label: string | null;
  readonly station_name: string;
  readonly workflow_name: string;
  readonly phase_name: string;
  readonly supplementary_announcement: string | null;
}

/** The newest calls of the board's workflows. */
export async function listRecentBoardCalls(
  db: Db,
  customerId: string,
  scope: BoardScope,
  limit: number,
): Promise<BoardCall[]> {
  return readCompiled(db, `calls ${scopeText(customerId, scope)} ${limit}`, () => {
    let query = db
      .selectFrom('calls as c')
      .innerJoin('visits as v', (join) => sameCustomer(join, 'v.id', 'c.visit_id'))
      .innerJoin('stations as s', (join) => sameCustomer(join, 's.id', 'c.station_id'))
      .innerJoin('workflows as w', (join) => sameCustomer(join, 'w.id', 'v.workflow_id'))
      .innerJoin('phases as p', (join) => sameCustomer(join, 'p.id', 'v.phase_id'))
      .leftJoin('badges as b', (join) => sameCustomer(join, 'b.id', 'v.badge_id'))
      .leftJoin('tags as t', (join) => sameCustomer(join, 't.id', 'v.tag_id'))
      .select([
        'c.id',
        'c.called_at',
        'v.first_name',
        'b.label as badge_label',
        't.label as tag_label',
        's.name as station_name',
        'w.name as workflow_name',
        'p.name as phase_name',
        'p.supplementary_announcement',
      ])
      .where('c.customer_id', '=', customerId);
    if (scope.workflowIds.length > 0) query = query.where('v.workflow_id', 'in', [...scope.workflowIds]);
    return query.orderBy('c.called_at', 'desc').orderBy('c.id', 'desc').limit(limit);
  });
}

/** Active messages for a board: its own, its workflows', and the customer-wide ones. */
/** The most messages a board shows at once, newest first. */
export const BOARD_MESSAGES = 20;

export async function listBoardMessages(
  db: Db,
  customerId: string,
  boardId: number,
  scope: BoardScope,
  now: Date,
) {
  return db
    .selectFrom('messages')
    .select(['id', 'text', 'sender_type', 'expires_at', 'created_at'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) =>
      eb.or([
        eb('display_board_id', '=', boardId),
        eb.and([eb('display_board_id', 'is', null), eb('workflow_id', 'is', null)]),
        ...(scope.workflowIds.length > 0
          ? [eb('workflow_id', 'in', [...scope.workflowIds])]
          : [eb.and([eb('display_board_id', 'is', null), eb('workflow_id', 'is not', null)])]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(BOARD_MESSAGES)
    .execute();
}

/** A customer's active messages with what each is sent to, newest first, at most `limit`: every board's at once. */
export async function listCustomerBoardMessages(db: Db, customerId: string, now: Date, limit: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'text', 'sender_type', 'expires_at', 'created_at', 'display_board_id', 'workflow_id'])
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export interface ParLevelCount {
  readonly location_id: number;
  readonly location_name: string;
  readonly asset_type_id: number;
  readonly asset_type_name: string;
  readonly min: number;
  readonly max: number;
  readonly count: number;
}

/** Each PAR level of the locations (all when none are named) with how many assets are there now. */
export async function listParLevelCounts(
  db: Db,
  customerId: string,
  locationIds: readonly number[],
): Promise<ParLevelCount[]> {
  return readCompiled(db, `par ${customerId}\u0000${locationIds.join(',')}`, () => {
    let query = db
      .selectFrom('par_levels as pl')
      .innerJoin('locations as l', (join) => sameCustomer(join, 'l.id', 'pl.location_id'))
      .innerJoin('asset_types as at', (join) => sameCustomer(join, 'at.id', 'pl.asset_type_id'))
      .select([
        'pl.location_id',
        'l.name as location_name',
        'pl.asset_type_id',
        'at.name as asset_type_name',
        'pl.min',
        'pl.max',
        sql<number>`(SELECT count(*)::int FROM assets a WHERE a.customer_id = pl.customer_id AND a.location_id = pl.location_id AND a.asset_type_id = pl.asset_type_id)`.as(
          'count',
        ),
      ])
      .where('pl.customer_id', '=', customerId);
    if (locationIds.length > 0) query = query.where('pl.location_id', 'in', [...locationIds]);
    return query.orderBy('l.name').orderBy('at.name');
  });
}

export async function findCustomerVoice(db: Db, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['locale', 'name'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}
