import { insertAuditEvent } from '../../store/audit-events.ts';
import type { Db } from '../../store/database.ts';
import {
  disableForNoRole,
  findFederatedAccount,
  insertFederatedAccount,
  refreshFederatedAccount,
  scimGroupNamesOf,
} from '../../store/federated-accounts.ts';
import type { ConnectionRow } from '../../store/sign-in-connections.ts';
import { endSessionsOfAccount } from '../accounts.ts';
import { type Role, roleLevel } from '../roles.ts';
import { roleFromGroups } from './role-rules.ts';

/** Who the provider says the person is, read through the connection's claim or attribute names. */
export interface FederatedAnswer {
  readonly subject: string | undefined;
  readonly email: string | undefined;
  readonly name: string | undefined;
  readonly groups: readonly string[];
}

export type SignInOutcome =
  | { readonly ok: true; readonly accountId: string; readonly role: Role; readonly narrowed: boolean }
  | {
      readonly ok: false;
      readonly reason: 'no_role' | 'disabled' | 'no_email' | 'no_subject';
      readonly narrowed: boolean;
      readonly accountId?: string;
    };

const MAX_EMAIL = 254;
const MAX_NAME = 120;

/** The role the person's groups give: the provider's now, and those the hospital's directory pushed by SCIM. */
export async function roleOf(
  db: Db,
  connection: ConnectionRow,
  groups: readonly string[],
  accountId?: string,
) {
  const pushed = accountId ? await scimGroupNamesOf(db, accountId) : [];
  return roleFromGroups(connection.role_rules, connection.default_role, [...groups, ...pushed]);
}

/**
 * A person signing in through a connection (decisions IDN-25, IDN-26): their account is found by
 * the connection and the provider's subject, never by email; made on the first sign-in; its
 * email, name, groups and role refreshed at every one. Groups that map to no role refuse the
 * person (and disable an account they had, until they map again); an account the directory or an
 * admin disabled stays refused. A lowered role ends the sessions the higher one gave. Audited as the
 * connection's act; `narrowed` tells the caller to have live connections check again.
 */
export async function signInFederated(
  trx: Db,
  connection: ConnectionRow,
  answer: FederatedAnswer,
  route: string,
): Promise<SignInOutcome> {
  if (!answer.subject) return { ok: false, reason: 'no_subject', narrowed: false };
  const email = answer.email?.trim().slice(0, MAX_EMAIL);
  if (!email) return { ok: false, reason: 'no_email', narrowed: false };
  const name = (answer.name?.trim() || email).slice(0, MAX_NAME);
  const identity = { email, name, groups: answer.groups.slice(0, 1000) };
  const audit = (action: 'create' | 'update', accountId: string) =>
    insertAuditEvent(trx, {
      customer_id: connection.customer_id,
      actor: `connection:${connection.id}`,
      actor_kind: 'system',
      action,
      entity: 'users',
      entity_id: accountId,
      route,
      status: 200,
    });

  const account = await findFederatedAccount(trx, connection.id, answer.subject);
  if (account?.disabled_at && account.disabled_by !== 'no_role')
    return { ok: false, reason: 'disabled', narrowed: false, accountId: account.id };
  const role = await roleOf(trx, connection, identity.groups, account?.id);
  if (role === null) {
    if (!account) return { ok: false, reason: 'no_role', narrowed: false };
    const wasEnabled = account.disabled_at === null;
    await disableForNoRole(trx, account.id, identity.groups);
    if (wasEnabled) {
      await endSessionsOfAccount(trx, account.id);
      await audit('update', account.id);
    }
    return { ok: false, reason: 'no_role', narrowed: wasEnabled, accountId: account.id };
  }
  if (!account) {
    const made = await insertFederatedAccount(trx, {
      ...identity,
      customer_id: connection.customer_id,
      connection_id: connection.id,
      subject: answer.subject,
      role,
    });
    if (made.created) await audit('create', made.id);
    return { ok: true, accountId: made.id, role, narrowed: false };
  }
  const lowered = roleLevel(role) < roleLevel(account.role);
  await refreshFederatedAccount(trx, account.id, { ...identity, role, enable: account.disabled_at !== null });
  if (lowered) await endSessionsOfAccount(trx, account.id);
  const changed =
    role !== account.role || account.disabled_at !== null || email !== account.email || name !== account.name;
  if (changed) await audit('update', account.id);
  return { ok: true, accountId: account.id, role, narrowed: lowered };
}
