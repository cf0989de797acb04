import { userInfo } from 'node:os';
import { insertAuditEvent } from '../store/audit-events.ts';
import type { Db } from '../store/database.ts';
import type { AuditAction } from '../store/tables/domain.ts';

/** What one write of the admin command changed, for the audit log (decision FND-36). */
export interface CliWrite {
  /** Null: the whole platform's (a signing key), in no customer's log. */
  readonly customer_id: string | null;
  readonly action: AuditAction;
  /** As the REST API names it: `customers`, `users`, `devices`; `identity_keys` for keys. */
  readonly entity: string;
  readonly entity_id: string | null;
}

/**
 * Who ran the command: `cli:` and the operating-system user (FND-36). No sign-in stands behind
 * the command, so the account it ran under is what says who; a user the system cannot name
 * (a container's bare uid) is named by its uid.
 */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return `cli:uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * Runs a write of the admin command and its audit events in one transaction (FND-36): the
 * services the command calls join it, so a write is never committed without its events (as
 * BOF-02 has it for the REST API), nor an event without its write. The route is the command
 * (`careboard user add`); there is no HTTP status.
 */
export async function runAudited(
  db: Db,
  command: string,
  write: (trx: Db) => Promise<readonly CliWrite[]>,
): Promise<void> {
  const actor = cliActor();
  await db.transaction().execute(async (trx) => {
    for (const event of await write(trx)) {
      await insertAuditEvent(trx, {
        ...event,
        actor,
        actor_kind: 'system',
        route: `careboard ${command}`,
        status: null,
      });
    }
  });
}
