import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { DisabledBy } from './tables/identity.ts';

/** An account a connection made, as its sign-in reads it (IDN-25). */
export interface FederatedAccount {
  readonly id: string;
  readonly customer_id: string;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly disabled_at: Date | null;
  readonly disabled_by: DisabledBy | null;
}

/** The account of this connection and subject: never found by email (IDN-25). */
export async function findFederatedAccount(
  db: Db,
  connectionId: string,
  subject: string,
): Promise<FederatedAccount | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id', 'customer_id', 'email', 'name', 'role', 'disabled_at', 'disabled_by'])
    .where('connection_id', '=', connectionId)
    .where('external_subject', '=', subject)
    .executeTakeFirst();
}

/**
 * The SCIM groups the account is in, by name and by the directory's id (Entra ID's sign-in names
 * a group by its object id, its SCIM by its display name): both feed the role rules (IDN-26).
 */
export async function scimGroupNamesOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scim_group_members as m')
    .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
    .select(['g.display_name', 'g.external_id'])
    .where('m.account_id', '=', accountId)
    .execute();
  return rows.flatMap((row) => (row.external_id ? [row.display_name, row.external_id] : [row.display_name]));
}

export interface FederatedIdentity {
  readonly email: string;
  readonly name: string;
  readonly groups: readonly string[];
}

/** Makes the account on its first sign-in; a concurrent first sign-in of the same person wins, and this returns its id. */
export async function insertFederatedAccount(
  db: Db,
  row: FederatedIdentity & { customer_id: string; connection_id: string; subject: string; role: string },
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('accounts')
    .values({
      customer_id: row.customer_id,
      connection_id: row.connection_id,
      external_subject: row.subject,
      email: row.email,
      name: row.name,
      role: row.role,
      idp_groups: [...row.groups],
      password_hash: '',
      last_sign_in_at: new Date(),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['connection_id', 'external_subject'])
        .where('connection_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await findFederatedAccount(db, row.connection_id, row.subject);
  if (!existing) throw new Error('The account was neither made nor found.');
  return { id: existing.id, created: false };
}

/** Refreshes what the provider said at this sign-in: email, name, groups, role, and enables an account its groups had disabled. */
export async function refreshFederatedAccount(
  db: Db,
  id: string,
  change: FederatedIdentity & { role: string; enable: boolean },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      email: change.email,
      name: change.name,
      role: change.role,
      idp_groups: [...change.groups],
      last_sign_in_at: new Date(),
      ...(change.enable ? { disabled_at: null, disabled_by: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Groups that map to no role any more: the account is disabled until they do again (IDN-26). */
export async function disableForNoRole(db: Db, id: string, groups: readonly string[]): Promise<void> {
  await db
    .updateTable('accounts')
    .set({
      idp_groups: [...groups],
      disabled_at: sql<Date>`coalesce(disabled_at, now())`,
      disabled_by: 'no_role',
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('disabled_by', 'is', null), eb('disabled_by', '=', 'no_role')]))
    .execute();
}
