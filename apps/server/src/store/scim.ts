import { sql } from 'kysely';
import type { Db } from './database.ts';
import { type Page, type PageRequest, selectPage } from './repositories/page.ts';
import type { DisabledBy, ScimAttributes } from './tables/identity.ts';

/** What a SCIM token gives its bearer: one connection of one customer (IDN-30). */
export interface ScimTokenGrant {
  readonly id: string;
  readonly customer_id: string;
  readonly connection_id: string;
  readonly last_used_at: Date | null;
}

/** The token with this hash, unless revoked or its connection deleted. */
export async function findScimTokenByHash(db: Db, tokenHash: string): Promise<ScimTokenGrant | undefined> {
  return (
    db
      .selectFrom('scim_tokens as t')
      .innerJoin('sign_in_connections as c', 'c.id', 't.connection_id')
      .select(['t.id', 't.customer_id', 't.connection_id', 't.last_used_at'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      // A connection moved to another customer would not take the token with it.
      .whereRef('c.customer_id', '=', 't.customer_id')
      .executeTakeFirst()
  );
}

/** Records a use, at most once a minute per token (one conditional update; a lost race writes nothing). */
export async function touchScimToken(db: Db, id: string): Promise<void> {
  await db
    .updateTable('scim_tokens')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

export interface ScimTokenRow {
  readonly id: string;
  readonly name: string;
  readonly connection_id: string;
  readonly created_at: Date;
  readonly last_used_at: Date | null;
}

const tokenColumns = ['id', 'name', 'connection_id', 'created_at', 'last_used_at'] as const;

/** The customer's tokens not revoked, oldest first. */
export async function listScimTokens(
  db: Db,
  customerId: string,
  filter: { readonly connection_id?: string | undefined },
  page: PageRequest,
): Promise<Page<ScimTokenRow>> {
  let query = db
    .selectFrom('scim_tokens')
    .select(tokenColumns)
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id');
  if (filter.connection_id !== undefined) query = query.where('connection_id', '=', filter.connection_id);
  return selectPage(query, page);
}

export async function insertScimToken(
  db: Db,
  token: {
    readonly customer_id: string;
    readonly connection_id: string;
    readonly name: string;
    readonly token_hash: string;
    readonly created_by: string;
  },
): Promise<ScimTokenRow> {
  return db.insertInto('scim_tokens').values(token).returning(tokenColumns).executeTakeFirstOrThrow();
}

/** Revokes the customer's token; false when it has none with this id (or it was revoked already). */
export async function revokeScimToken(db: Db, customerId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('scim_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A connection as SCIM needs it: whose it is and its role rules. */
export interface ScimConnection {
  readonly id: string;
  readonly customer_id: string;
  readonly role_rules: readonly { readonly group: string; readonly role: string }[];
  readonly default_role: string | null;
}

/** The customer's connection with this id, unless deleted. */
export async function findLiveConnection(
  db: Db,
  customerId: string,
  id: string,
): Promise<ScimConnection | undefined> {
  return db
    .selectFrom('sign_in_connections')
    .select(['id', 'customer_id', 'role_rules', 'default_role'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** An account of a connection, with what SCIM shows and decides from. */
export interface ScimAccountRow {
  readonly id: string;
  readonly customer_id: string;
  readonly external_subject: string | null;
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly idp_groups: string[];
  readonly disabled_at: Date | null;
  readonly disabled_by: DisabledBy | null;
  readonly created_at: Date;
  readonly scim_user_name: string | null;
  readonly scim_external_id: string | null;
  readonly scim_attributes: ScimAttributes | null;
  readonly scim_modified_at: Date | null;
  readonly scim_deleted_at: Date | null;
}

const accountColumns = [
  'accounts.id',
  'accounts.customer_id',
  'accounts.external_subject',
  'accounts.email',
  'accounts.name',
  'accounts.role',
  'accounts.idp_groups',
  'accounts.disabled_at',
  'accounts.disabled_by',
  'accounts.created_at',
  'accounts.scim_user_name',
  'accounts.scim_external_id',
  'accounts.scim_attributes',
  'accounts.scim_modified_at',
  'accounts.scim_deleted_at',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a row at all: a SCIM id that is no uuid is simply not found. */
export const isUuid = (id: string): boolean => UUID.test(id);

function managedAccounts(db: Db, connectionId: string) {
  return db
    .selectFrom('accounts')
    .select(accountColumns)
    .where('accounts.connection_id', '=', connectionId)
    .where('accounts.scim_user_name', 'is not', null)
    .where('accounts.scim_deleted_at', 'is', null);
}

/** The connection's account the directory manages with this id; not one deleted, nor another connection's. */
export async function findScimAccount(
  db: Db,
  connectionId: string,
  id: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<ScimAccountRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = managedAccounts(db, connectionId).where('accounts.id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The connection's account with this subject, whoever manages it (a sign-in may have made it). */
export async function findAccountBySubject(
  db: Db,
  connectionId: string,
  subject: string,
): Promise<ScimAccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .select(accountColumns)
    .where('accounts.connection_id', '=', connectionId)
    .where('accounts.external_subject', '=', subject)
    .forUpdate()
    .executeTakeFirst();
}

/** `userName eq` (without regard to case, RFC 7643 §4.1.1) or `externalId eq` (case-exact). */
export interface ScimUserFilter {
  readonly userName?: string;
  readonly externalId?: string;
}

/** One page of the connection's managed accounts, by creation then id. */
export async function listScimAccounts(
  db: Db,
  connectionId: string,
  filter: ScimUserFilter,
  page: PageRequest,
): Promise<Page<ScimAccountRow>> {
  let query = managedAccounts(db, connectionId).orderBy('accounts.created_at').orderBy('accounts.id');
  if (filter.userName !== undefined)
    query = query.where(sql<string>`lower(accounts.scim_user_name)`, '=', filter.userName.toLowerCase());
  if (filter.externalId !== undefined)
    query = query.where('accounts.scim_external_id', '=', filter.externalId);
  return selectPage(query, page);
}

/** What a SCIM write sets on an account. */
export interface ScimAccountChange {
  readonly email?: string;
  readonly name?: string;
  readonly role?: string;
  readonly disabled_at?: Date | null;
  readonly disabled_by?: DisabledBy | null;
  readonly scim_user_name?: string;
  readonly scim_external_id?: string | null;
  readonly scim_attributes?: ScimAttributes;
  readonly scim_deleted_at?: Date | null;
  readonly external_subject?: string;
}

export async function insertScimAccount(
  db: Db,
  account: {
    readonly customer_id: string;
    readonly connection_id: string;
    readonly external_subject: string;
    readonly email: string;
    readonly name: string;
    readonly role: string;
    readonly disabled_at: Date | null;
    readonly disabled_by: DisabledBy | null;
    readonly scim_user_name: string;
    readonly scim_external_id: string | null;
    readonly scim_attributes: ScimAttributes;
  },
): Promise<ScimAccountRow> {
  return (
    db
      .insertInto('accounts')
      // A federated account never signs in with a password (IDN-25).
      .values({ ...account, password_hash: '', scim_modified_at: sql<Date>`now()` })
      .returning(accountColumns)
      .executeTakeFirstOrThrow()
  );
}

export async function updateScimAccount(
  db: Db,
  id: string,
  change: ScimAccountChange,
): Promise<ScimAccountRow> {
  return db
    .updateTable('accounts')
    .set({ ...change, scim_modified_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

/** What the role of an account rests on: its state, and the groups of its sign-in and of SCIM. */
export interface RoleBasis {
  readonly id: string;
  readonly role: string;
  readonly disabled_at: Date | null;
  readonly disabled_by: DisabledBy | null;
  readonly idp_groups: string[];
  readonly scim_groups: string[];
}

/** The role basis of these accounts of the connection, locked until the transaction ends; deleted ones left out. */
export async function roleBasesOf(
  db: Db,
  connectionId: string,
  ids: readonly string[],
): Promise<RoleBasis[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('accounts as a')
    .select([
      'a.id',
      'a.role',
      'a.disabled_at',
      'a.disabled_by',
      'a.idp_groups',
      sql<string[]>`array(
        select g.display_name from scim_group_members m join scim_groups g on g.id = m.group_id
        where m.account_id = a.id order by g.display_name)`.as('scim_groups'),
    ])
    .where('a.connection_id', '=', connectionId)
    .where('a.scim_deleted_at', 'is', null)
    .where(sql<boolean>`a.id = any(${[...ids]}::uuid[])`)
    .orderBy('a.id')
    .forUpdate('a')
    .execute();
  return rows;
}

export async function setAccountAccess(
  db: Db,
  id: string,
  access: {
    readonly role: string;
    readonly disabled_at: Date | null;
    readonly disabled_by: DisabledBy | null;
  },
): Promise<void> {
  await db.updateTable('accounts').set(access).where('id', '=', id).execute();
}

/** A group of a connection, as SCIM shows it. */
export interface ScimGroupRow {
  readonly id: string;
  readonly display_name: string;
  readonly external_id: string | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

const groupColumns = ['id', 'display_name', 'external_id', 'created_at', 'updated_at'] as const;

export async function findScimGroup(
  db: Db,
  connectionId: string,
  id: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<ScimGroupRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db
    .selectFrom('scim_groups')
    .select(groupColumns)
    .where('connection_id', '=', connectionId)
    .where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** `displayName eq` (case-exact, as the unique key is) or `externalId eq`. */
export interface ScimGroupFilter {
  readonly displayName?: string;
  readonly externalId?: string;
}

export async function listScimGroups(
  db: Db,
  connectionId: string,
  filter: ScimGroupFilter,
  page: PageRequest,
): Promise<Page<ScimGroupRow>> {
  let query = db
    .selectFrom('scim_groups')
    .select(groupColumns)
    .where('connection_id', '=', connectionId)
    .orderBy('created_at')
    .orderBy('id');
  if (filter.displayName !== undefined) query = query.where('display_name', '=', filter.displayName);
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  return selectPage(query, page);
}

export async function insertScimGroup(
  db: Db,
  group: {
    readonly customer_id: string;
    readonly connection_id: string;
    readonly display_name: string;
    readonly external_id: string | null;
  },
): Promise<ScimGroupRow> {
  return db.insertInto('scim_groups').values(group).returning(groupColumns).executeTakeFirstOrThrow();
}

export async function updateScimGroup(
  db: Db,
  id: string,
  change: { readonly display_name: string; readonly external_id: string | null },
): Promise<ScimGroupRow> {
  return db
    .updateTable('scim_groups')
    .set({ ...change, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(groupColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteScimGroup(db: Db, id: string): Promise<void> {
  await db.deleteFrom('scim_groups').where('id', '=', id).execute();
}

/** A member as a group shows it. */
export interface ScimMemberRow {
  readonly group_id: string;
  readonly account_id: string;
  readonly name: string;
}

/** The members of these groups that are not deleted, by group then account. */
export async function membersOfGroups(db: Db, groupIds: readonly string[]): Promise<ScimMemberRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('scim_group_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.group_id', 'm.account_id', 'a.name'])
    .where(sql<boolean>`m.group_id = any(${[...groupIds]}::uuid[])`)
    .where('a.scim_deleted_at', 'is', null)
    .orderBy('m.group_id')
    .orderBy('m.account_id')
    .execute();
}

/** The groups these accounts are members of, by account then group name. */
export async function groupsOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<{ readonly account_id: string; readonly group_id: string; readonly display_name: string }[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('scim_group_members as m')
    .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
    .select(['m.account_id', 'm.group_id', 'g.display_name'])
    .where(sql<boolean>`m.account_id = any(${[...accountIds]}::uuid[])`)
    .orderBy('m.account_id')
    .orderBy('g.display_name')
    .execute();
}

/** Of these ids, those of the connection's managed accounts not deleted. */
export async function existingScimAccountIds(
  db: Db,
  connectionId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const candidates = ids.filter(isUuid);
  if (candidates.length === 0) return new Set();
  const rows = await managedAccounts(db, connectionId)
    .clearSelect()
    .select('accounts.id')
    .where(sql<boolean>`accounts.id = any(${candidates}::uuid[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Makes the group's members exactly these accounts; answers the accounts that joined or left. */
export async function setGroupMembers(
  db: Db,
  groupId: string,
  accountIds: readonly string[],
): Promise<string[]> {
  const before = (
    await db.selectFrom('scim_group_members').select('account_id').where('group_id', '=', groupId).execute()
  ).map((row) => row.account_id);
  const wanted = new Set(accountIds);
  const leaving = before.filter((id) => !wanted.has(id));
  const joining = [...wanted].filter((id) => !before.includes(id));
  if (leaving.length > 0)
    await db
      .deleteFrom('scim_group_members')
      .where('group_id', '=', groupId)
      .where(sql<boolean>`account_id = any(${leaving}::uuid[])`)
      .execute();
  if (joining.length > 0)
    await db
      .insertInto('scim_group_members')
      .values(joining.map((account_id) => ({ group_id: groupId, account_id })))
      .execute();
  if (leaving.length > 0 || joining.length > 0)
    await db
      .updateTable('scim_groups')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', groupId)
      .execute();
  return [...leaving, ...joining];
}

/** The accounts in the group now. */
export async function memberIdsOfGroup(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scim_group_members')
    .select('account_id')
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((row) => row.account_id);
}

/** Takes the account out of every group (a SCIM DELETE). */
export async function leaveAllGroups(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('scim_group_members').where('account_id', '=', accountId).execute();
}
