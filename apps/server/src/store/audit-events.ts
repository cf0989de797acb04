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
  let query = db
    .selectFrom('audit_events')
    .select([
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
    ])
    .where('customer_id', '=', customerId);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  return selectPage(query.orderBy('id', 'desc'), page);
}
