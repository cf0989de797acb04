import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../config/config.ts';
import type { Principal } from '../identity/verify-access-token.ts';
import { insertAuditEvent } from '../store/audit-events.ts';
import type { Db } from '../store/database.ts';
import type { AuditAction } from '../store/tables/domain.ts';

const ACTION_BY_METHOD: Readonly<Record<string, AuditAction>> = Object.freeze({
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
});

/** `/api/sites/:id` → sites; `/api/locations/:id/par-levels` → locations. */
function entityOf(pattern: string): string {
  return pattern.slice(API_PREFIX.length + 1).split('/')[0] ?? '';
}

function entityIdOf(request: FastifyRequest, payload: unknown): string | null {
  const params = request.params as { id?: unknown } | undefined;
  if (params && (typeof params.id === 'string' || typeof params.id === 'number')) return String(params.id);
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/** Who did it: a person (their account id) or a screen (its device). */
export function actorOf(principal: Principal): { actor: string; actor_kind: 'user' | 'device' } {
  return principal.deviceId === undefined
    ? { actor: principal.subject, actor_kind: 'user' }
    : { actor: `device:${principal.deviceId}`, actor_kind: 'device' };
}

/**
 * Every successful write through the REST API leaves an audit event (who, what, which
 * record, which route) before its answer is sent, so a client never sees a write succeed
 * that the log lacks (decision BOF-02). Reads of patients' names are audited by their
 * routes (securable/), which know which patient they read.
 */
export function installAuditOfWrites(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const action = ACTION_BY_METHOD[request.method];
    const pattern = request.routeOptions.url;
    if (!action || !pattern?.startsWith(`${API_PREFIX}/`) || !request.principal) return payload;
    if (reply.statusCode >= 400) return payload;
    await insertAuditEvent(db, {
      customer_id: request.principal.customerId,
      ...actorOf(request.principal),
      action,
      entity: entityOf(pattern),
      entity_id: entityIdOf(request, payload),
      route: `${request.method} ${pattern}`,
      status: reply.statusCode,
    });
    return payload;
  });
}

/** Records that the caller read a patient's name (BOF-02); call before the name leaves. */
export async function auditRead(
  db: Db,
  request: FastifyRequest,
  principal: Principal,
  entity: string,
  entityId: string | number,
): Promise<void> {
  await insertAuditEvent(db, {
    customer_id: principal.customerId,
    ...actorOf(principal),
    action: 'read',
    entity,
    entity_id: String(entityId),
    route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    status: 200,
  });
}
