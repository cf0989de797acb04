import type { Db } from './database.ts';
import { type Page, type PageRequest, selectPage } from './repositories/page.ts';
import type { AuditAction, AuditActorKind } from './tables/domain.ts';

export interface NewAuditEvent {
  /** Null: the whole platform's (a signing key), in no customer's log (FND-36). */
  readonly customer_id: string | null;
  readonly actor: string;
  readonly actor_kind: AuditActorKind;
  readonly action: AuditAction;
  readonly entity: string;
  readonly entity_id: string | null;
  /** `POST /api/sites`: the route pattern, never the query or the body. */
  readonly route: string;
  readonly status: number | null;
}

export interface AuditEvent extends NewAuditEvent {
  readonly id: string;
  readonly at: Date;
}

const auditColumns = [
  'id',
  'customer_id',
  'at',
  'actor',
  'actor_kind',
  'action',
  'entity',
  'entity_id',
  'route',
  'status',
] as const;

export async function insertAuditEvent(db: Db, event: NewAuditEvent): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

export interface AuditFilter {
  readonly entity?: string | undefined;
  readonly entity_id?: string | undefined;
  readonly action?: AuditAction | undefined;
  readonly actor?: string | undefined;
}

/** The customer's audit log, newest first. */
export async function listAuditEvents(
  db: Db,
  customerId: string,
  filter: AuditFilter,
  page: PageRequest,
): Promise<Page<AuditEvent>> {
  let query = db.selectFrom('audit_events').select(auditColumns).where('customer_id', '=', customerId);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  return selectPage(query.orderBy('id', 'desc'), page);
}

/**
 * One page of the customer's events with `from <= at < to`, by id (the log's order), after the
 * id `afterId`: an export reads the range page by page (BOF-57). By id, not by `at`: PostgreSQL
 * keeps microseconds that a JavaScript date would round away from a cursor.
 */
export async function pageAuditEventsInRange(
  db: Db,
  customerId: string,
  range: { readonly from: Date; readonly to: Date },
  afterId: string,
  limit: number,
): Promise<AuditEvent[]> {
  return db
    .selectFrom('audit_events')
    .select(auditColumns)
    .where('customer_id', '=', customerId)
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every customer's events (and the platform's) after `afterId`, by id: what the audit stream sends (BOF-57). */
export async function listAuditEventsAfter(db: Db, afterId: string, limit: number): Promise<AuditEvent[]> {
  return db
    .selectFrom('audit_events')
    .select(auditColumns)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
