import { endSessionsOfAccount } from '../../identity/accounts.ts';
import { roleFromGroups } from '../../identity/federation/role-rules.ts';
import { roleLevel } from '../../identity/roles.ts';
import type { Db } from '../../store/database.ts';
import { type RoleBasis, roleBasesOf, type ScimConnection, setAccountAccess } from '../../store/scim.ts';
import type { DisabledBy } from '../../store/tables/identity.ts';

interface Access {
  readonly role: string;
  readonly disabled_at: Date | null;
  readonly disabled_by: DisabledBy | null;
}

/**
 * What the account's access becomes when its groups give `role` (null: none), and whether its
 * sign-ins end; undefined when nothing changes. No role disables an enabled account
 * (`no_role`); a role again enables only an account disabled for having none, never one the
 * directory, an admin or a deleted connection disabled. A lowered role of an enabled account
 * ends its sign-ins (BOF-30); a raised one keeps them.
 */
export function nextAccess(
  basis: Pick<RoleBasis, 'role' | 'disabled_at' | 'disabled_by'>,
  role: string | null,
  now: Date,
): { readonly access: Access; readonly endSessions: boolean } | undefined {
  const enabled = basis.disabled_at === null;
  if (role === null) {
    if (!enabled) return undefined;
    return { access: { role: basis.role, disabled_at: now, disabled_by: 'no_role' }, endSessions: true };
  }
  const enableAgain = !enabled && basis.disabled_by === 'no_role';
  if (role === basis.role && !enableAgain) return undefined;
  return {
    access: {
      role,
      disabled_at: enableAgain ? null : basis.disabled_at,
      disabled_by: enableAgain ? null : basis.disabled_by,
    },
    endSessions: enabled && roleLevel(role) < roleLevel(basis.role),
  };
}

/**
 * Gives each of these accounts of the connection the role its groups give now: the groups of its
 * last sign-in and its SCIM groups, through the connection's rules (IDN-26, IDN-31). Runs in the
 * write's transaction, so a lowered role or a disabling ends the sign-ins with it; answers the
 * accounts whose access changed, for `accounts.changed` after the commit (IDN-22, IDN-32).
 */
export async function settleRoles(
  trx: Db,
  connection: ScimConnection,
  accountIds: readonly string[],
): Promise<string[]> {
  const changed: string[] = [];
  const now = new Date();
  for (const basis of await roleBasesOf(trx, connection.id, [...new Set(accountIds)])) {
    const role = roleFromGroups(connection.role_rules, connection.default_role, [
      ...basis.idp_groups,
      ...basis.scim_groups,
    ]);
    const next = nextAccess(basis, role, now);
    if (!next) continue;
    await setAccountAccess(trx, basis.id, next.access);
    if (next.endSessions) await endSessionsOfAccount(trx, basis.id);
    changed.push(basis.id);
  }
  return changed;
}
