import { endSessionsOfAccount } from '../../identity/accounts.ts';
import type { Db } from '../../store/database.ts';
import {
  findAccountBySubject,
  findScimAccount,
  groupsOfAccounts,
  insertScimAccount,
  leaveAllGroups,
  listScimAccounts,
  type ScimAccountChange,
  type ScimAccountRow,
  type ScimConnection,
  updateScimAccount,
} from '../../store/scim.ts';
import {
  auditScimWrite,
  pageOfQuery,
  type ScimContext,
  type ScimWritten,
  scimWrite,
} from './scim-context.ts';
import { notFound, ScimError } from './scim-error.ts';
import { type Projection, parseEqualityFilter, project } from './scim-filter.ts';
import {
  accountEmailOf,
  accountNameOf,
  assertSchemas,
  attributesOf,
  invalidValue,
  type ScimUserInput,
  scimUserInput,
} from './scim-input.ts';
import { applyPatch, type ScimPatchInput } from './scim-patch.ts';
import {
  type ListResponse,
  listResponse,
  type ScimUserResource,
  userResource,
  writableUser,
} from './scim-resources.ts';
import { settleRoles } from './scim-roles.ts';
import { USER_SCHEMA } from './scim-urns.ts';

/**
 * The account's key in its connection (IDN-31): the externalId when the directory sends one,
 * else the userName. The connection's subject claim (OIDC) or NameID (SAML) must carry the same
 * value, for a sign-in to find the account the directory made.
 */
export const keyOf = (user: Pick<ScimUserInput, 'externalId' | 'userName'>) =>
  user.externalId ?? user.userName;

/** A deleted account's subject: no provider sends it, so a recycled identifier reaches a new account (IDN-31). */
const releasedSubject = (accountId: string) => `scim-deleted:${accountId}`;

async function view(db: Db, account: ScimAccountRow, baseUrl: string): Promise<ScimUserResource> {
  return userResource(account, await groupsOfAccounts(db, [account.id]), baseUrl);
}

async function reread(trx: Db, connection: ScimConnection, id: string): Promise<ScimAccountRow> {
  const account = await findScimAccount(trx, connection.id, id);
  if (!account) throw notFound('User', id);
  return account;
}

/** userName (without regard to case) and externalId are the connection's own (409 `uniqueness`). */
async function assertUnique(trx: Db, connection: ScimConnection, user: ScimUserInput, self?: string) {
  const page = { limit: 2, offset: 0 };
  const sameName = await listScimAccounts(trx, connection.id, { userName: user.userName }, page);
  if (sameName.items.some((other) => other.id !== self))
    throw new ScimError(409, 'uniqueness', 'Another User of this connection has this userName.');
  if (user.externalId === undefined) return;
  const sameId = await listScimAccounts(trx, connection.id, { externalId: user.externalId }, page);
  if (sameId.items.some((other) => other.id !== self))
    throw new ScimError(409, 'uniqueness', 'Another User of this connection has this externalId.');
}

/**
 * What `active` does (IDN-32): false disables an enabled account (`scim`) and ends its sign-ins,
 * and makes the directory's the reason of one disabled for having no role; true enables again
 * only an account the directory disabled. An admin's disabling stands either way.
 */
function activeChange(
  account: Pick<ScimAccountRow, 'disabled_at' | 'disabled_by'>,
  active: boolean | null | undefined,
): { readonly change: ScimAccountChange; readonly endSessions: boolean } {
  if (active === false) {
    if (account.disabled_at === null)
      return { change: { disabled_at: new Date(), disabled_by: 'scim' }, endSessions: true };
    if (account.disabled_by === 'no_role') return { change: { disabled_by: 'scim' }, endSessions: false };
  }
  if (active === true && account.disabled_at !== null && account.disabled_by === 'scim')
    return { change: { disabled_at: null, disabled_by: null }, endSessions: false };
  return { change: {}, endSessions: false };
}

function directoryFields(user: ScimUserInput): ScimAccountChange {
  return {
    email: accountEmailOf(user),
    name: accountNameOf(user),
    scim_user_name: user.userName,
    scim_external_id: user.externalId ?? null,
    scim_attributes: attributesOf(user),
  };
}

/**
 * POST /Users: a new account of the connection, or the one a sign-in made with this key (the
 * directory takes it over). Its role comes from its groups at once; none disables it.
 */
export async function createScimUser(
  context: ScimContext,
  user: ScimUserInput,
): Promise<ScimWritten<ScimUserResource>> {
  assertSchemas(user.schemas, USER_SCHEMA);
  return scimWrite(context, async (trx, connection) => {
    await assertUnique(trx, connection, user);
    const subject = keyOf(user);
    const made = await findAccountBySubject(trx, connection.id, subject);
    if (made && made.scim_user_name !== null)
      throw new ScimError(409, 'uniqueness', 'A User of this connection has this key already.');
    const changed: string[] = [];
    let account: ScimAccountRow;
    if (made) {
      const { change, endSessions } = activeChange(made, user.active);
      account = await updateScimAccount(trx, made.id, { ...directoryFields(user), ...change });
      if (endSessions) {
        await endSessionsOfAccount(trx, made.id);
        changed.push(made.id);
      }
    } else {
      const inactive = user.active === false;
      account = await insertScimAccount(trx, {
        customer_id: connection.customer_id,
        connection_id: connection.id,
        external_subject: subject,
        email: accountEmailOf(user),
        name: accountNameOf(user),
        // Until its groups say: settled below, in this transaction.
        role: 'visitor',
        disabled_at: inactive ? new Date() : null,
        disabled_by: inactive ? 'scim' : null,
        scim_user_name: user.userName,
        scim_external_id: user.externalId ?? null,
        scim_attributes: attributesOf(user),
      });
    }
    changed.push(...(await settleRoles(trx, connection, [account.id])));
    await auditScimWrite(trx, context, { action: 'create', entity: 'users', id: account.id, status: 201 });
    return { resource: await view(trx, await reread(trx, connection, account.id), context.baseUrl), changed };
  });
}

/** The state a PUT, or a PATCH's result, asks for. The key never changes (400 `mutability`). */
async function replaceWith(
  trx: Db,
  context: ScimContext,
  connection: ScimConnection,
  account: ScimAccountRow,
  requested: ScimUserInput,
): Promise<ScimWritten<ScimUserResource>> {
  assertSchemas(requested.schemas, USER_SCHEMA);
  // externalId is the key when given: left out, it keeps its value; it cannot be taken away.
  const user = { ...requested, externalId: requested.externalId ?? account.scim_external_id ?? undefined };
  if (keyOf(user) !== account.external_subject)
    throw new ScimError(
      400,
      'mutability',
      user.externalId === undefined
        ? 'userName is the key of this User (it has no externalId) and cannot change: delete it and create the new one.'
        : 'externalId is the key of this User and cannot change: delete it and create the new one.',
    );
  await assertUnique(trx, connection, user, account.id);
  const { change, endSessions } = activeChange(account, user.active);
  await updateScimAccount(trx, account.id, { ...directoryFields(user), ...change });
  const changed = endSessions ? [account.id] : [];
  if (endSessions) await endSessionsOfAccount(trx, account.id);
  changed.push(...(await settleRoles(trx, connection, [account.id])));
  await auditScimWrite(trx, context, { action: 'update', entity: 'users', id: account.id, status: 200 });
  return { resource: await view(trx, await reread(trx, connection, account.id), context.baseUrl), changed };
}

async function lockedAccount(trx: Db, connection: ScimConnection, id: string): Promise<ScimAccountRow> {
  const account = await findScimAccount(trx, connection.id, id, { forUpdate: true });
  if (!account) throw notFound('User', id);
  return account;
}

/** PUT /Users/:id. `active` left out keeps its value. */
export async function replaceScimUser(
  context: ScimContext,
  id: string,
  user: ScimUserInput,
): Promise<ScimWritten<ScimUserResource>> {
  return scimWrite(context, async (trx, connection) =>
    replaceWith(trx, context, connection, await lockedAccount(trx, connection, id), user),
  );
}

/** PATCH /Users/:id: the operations applied to what the directory set, then as a PUT of the result. */
export async function patchScimUser(
  context: ScimContext,
  id: string,
  patch: ScimPatchInput,
): Promise<ScimWritten<ScimUserResource>> {
  return scimWrite(context, async (trx, connection) => {
    const account = await lockedAccount(trx, connection, id);
    const patched = applyPatch(writableUser(account), patch, USER_PATCHABLE);
    const parsed = scimUserInput.safeParse(patched);
    if (!parsed.success) throw invalidValue(parsed.error);
    return replaceWith(trx, context, connection, account, parsed.data);
  });
}

/**
 * DELETE /Users/:id: the account stays for the audit and the history it authored, disabled, its
 * sign-ins ended, out of every group, its subject released; SCIM answers 404 for it from now on
 * (RFC 7644 §3.6) and a later POST with its key makes a new account.
 */
export async function deleteScimUser(context: ScimContext, id: string): Promise<ScimWritten<null>> {
  return scimWrite(context, async (trx, connection) => {
    const account = await lockedAccount(trx, connection, id);
    const byDirectory = account.disabled_at === null || account.disabled_by === 'no_role';
    await updateScimAccount(trx, account.id, {
      scim_deleted_at: new Date(),
      external_subject: releasedSubject(account.id),
      disabled_at: account.disabled_at ?? new Date(),
      disabled_by: byDirectory ? 'scim' : account.disabled_by,
    });
    await leaveAllGroups(trx, account.id);
    await endSessionsOfAccount(trx, account.id);
    await auditScimWrite(trx, context, { action: 'delete', entity: 'users', id: account.id, status: 204 });
    return { resource: null, changed: [account.id] };
  });
}

export async function readScimUser(context: ScimContext, id: string, projection: Projection) {
  const account = await findScimAccount(context.db, context.caller.connectionId, id);
  if (!account) throw notFound('User', id);
  return project(await view(context.db, account, context.baseUrl), projection);
}

const USER_FILTERS = { username: 'userName', externalid: 'externalId' } as const;

/** GET /Users: the connection's Users, filtered by `userName eq` or `externalId eq`, paged. */
export async function listScimUsers(
  context: ScimContext,
  query: {
    readonly filter?: string | undefined;
    readonly startIndex?: number | undefined;
    readonly count?: number | undefined;
  },
  projection: Projection,
): Promise<ListResponse<ScimUserResource>> {
  const filter = parseEqualityFilter(query.filter, USER_SCHEMA, USER_FILTERS);
  const { startIndex, page } = pageOfQuery(query);
  const found = await listScimAccounts(
    context.db,
    context.caller.connectionId,
    filter ? { [filter.attribute]: filter.value } : {},
    page,
  );
  const groups = await groupsOfAccounts(
    context.db,
    found.items.map((account) => account.id),
  );
  const resources = found.items.map((account) =>
    project(
      userResource(
        account,
        groups.filter((group) => group.account_id === account.id),
        context.baseUrl,
      ),
      projection,
    ),
  );
  return listResponse(resources, found.total, startIndex);
}

/** What PATCH may touch of a User (RFC 7643 §4.1 as Careboard keeps it). */
const USER_PATCHABLE = {
  schema: USER_SCHEMA,
  attributes: {
    username: 'userName',
    externalid: 'externalId',
    name: 'name',
    displayname: 'displayName',
    emails: 'emails',
    active: 'active',
  },
  readOnly: new Set(['id', 'groups', 'meta']),
};
