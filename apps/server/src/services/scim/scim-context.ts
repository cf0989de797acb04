import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import { insertAuditEvent } from '../../store/audit-events.ts';
import type { Db } from '../../store/database.ts';
import { findLiveConnection, type ScimConnection } from '../../store/scim.ts';
import type { AuditAction } from '../../store/tables/domain.ts';
import { runWrite } from '../write-transaction.ts';
import { ScimError } from './scim-error.ts';

/** Who calls: a SCIM token, and the one connection of one customer it serves (IDN-30). */
export interface ScimCaller {
  readonly tokenId: string;
  readonly customerId: string;
  readonly connectionId: string;
}

/** One SCIM request as the services see it. */
export interface ScimContext {
  readonly db: Db;
  readonly caller: ScimCaller;
  /** `https://careboard.example/scim/v2`: where `meta.location` and `$ref` point. */
  readonly baseUrl: string;
  /** `PATCH /scim/v2/Users/:id`: the route pattern, for the audit. */
  readonly route: string;
}

/** A write's outcome: its answer, and the accounts whose access it changed (for `accounts.changed`). */
export interface ScimWritten<T> {
  readonly resource: T;
  readonly changed: readonly string[];
}

/**
 * Runs a SCIM write in one transaction, one at a time per connection: a user's role rests on
 * every group it is in, so two writes at once could each settle it from what the other had not
 * yet committed. The connection is read in the transaction: one deleted since the token was
 * checked makes the write 401.
 */
export async function scimWrite<T>(
  context: ScimContext,
  work: (trx: Db, connection: ScimConnection) => Promise<T>,
): Promise<T> {
  return runWrite(context.db, async (trx) => {
    await lockUntilTransactionEnds(trx, 'careboard_scim', context.caller.connectionId);
    const connection = await findLiveConnection(trx, context.caller.customerId, context.caller.connectionId);
    if (!connection) throw new ScimError(401, undefined, 'The bearer token is not valid.');
    return work(trx, connection);
  });
}

/**
 * A SCIM write's audit event, in its transaction: the token (never its value) as the actor, the
 * resource by id, the route pattern; never a name or an email (BOF-02).
 */
export async function auditScimWrite(
  trx: Db,
  context: ScimContext,
  event: {
    readonly action: AuditAction;
    readonly entity: 'users' | 'groups';
    readonly id: string;
    readonly status: number;
  },
): Promise<void> {
  await insertAuditEvent(trx, {
    customer_id: context.caller.customerId,
    actor: `scim-token:${context.caller.tokenId}`,
    actor_kind: 'system',
    action: event.action,
    entity: event.entity,
    entity_id: event.id,
    route: context.route,
    status: event.status,
  });
}

/** startIndex (1-based, below 1 read as 1) and count (0 to the most, RFC 7644 §3.4.2.4) as a page. */
export function pageOfQuery(query: {
  readonly startIndex?: number | undefined;
  readonly count?: number | undefined;
}) {
  const startIndex = Math.min(Math.max(1, query.startIndex ?? 1), 1_000_000);
  const count = Math.min(Math.max(0, query.count ?? DEFAULT_COUNT), MAX_COUNT);
  return { startIndex, page: { limit: count, offset: startIndex - 1 } };
}

/** The most resources one answer holds (ServiceProviderConfig's `filter.maxResults`). */
export const MAX_COUNT = 200;
const DEFAULT_COUNT = 100;
