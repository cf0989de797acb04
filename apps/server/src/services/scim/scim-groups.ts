import type { Db } from '../../store/database.ts';
import {
  deleteScimGroup as deleteGroupRow,
  existingScimAccountIds,
  findScimGroup,
  insertScimGroup,
  memberIdsOfGroup,
  membersOfGroups,
  type ScimConnection,
  type ScimGroupRow,
  listScimGroups as selectGroupPage,
  setGroupMembers,
  updateScimGroup,
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
import { assertSchemas, invalidValue, type ScimGroupInput, scimGroupInput } from './scim-input.ts';
import { applyPatch, type ScimPatchInput } from './scim-patch.ts';
import {
  groupResource,
  type ListResponse,
  listResponse,
  type ScimGroupResource,
  writableGroup,
} from './scim-resources.ts';
import { settleRoles } from './scim-roles.ts';
import { GROUP_SCHEMA } from './scim-urns.ts';

async function view(db: Db, group: ScimGroupRow, baseUrl: string): Promise<ScimGroupResource> {
  return groupResource(group, await membersOfGroups(db, [group.id]), baseUrl);
}

/** displayName is the connection's own: the role rules name groups by it (409 `uniqueness`). */
async function assertUnique(trx: Db, connection: ScimConnection, displayName: string, self?: string) {
  const same = await selectGroupPage(trx, connection.id, { displayName }, { limit: 2, offset: 0 });
  if (same.items.some((other) => other.id !== self))
    throw new ScimError(409, 'uniqueness', 'Another Group of this connection has this displayName.');
}

/** Members are Users of the connection (not deleted); another value is 400 `invalidValue`. */
async function memberIdsOf(trx: Db, connection: ScimConnection, members: ScimGroupInput['members']) {
  const ids = [...new Set((members ?? []).map((member) => member.value.toLowerCase()))];
  const existing = await existingScimAccountIds(trx, connection.id, ids);
  const unknown = ids.find((id) => !existing.has(id));
  if (unknown !== undefined)
    throw new ScimError(
      400,
      'invalidValue',
      `members: ${unknown.slice(0, 64)} is no User of this connection.`,
    );
  return ids;
}

/** POST /Groups: the group and its members; each member's role follows at once. */
export async function createScimGroup(
  context: ScimContext,
  input: ScimGroupInput,
): Promise<ScimWritten<ScimGroupResource>> {
  assertSchemas(input.schemas, GROUP_SCHEMA);
  return scimWrite(context, async (trx, connection) => {
    await assertUnique(trx, connection, input.displayName);
    const members = await memberIdsOf(trx, connection, input.members);
    const group = await insertScimGroup(trx, {
      customer_id: connection.customer_id,
      connection_id: connection.id,
      display_name: input.displayName,
      external_id: input.externalId ?? null,
    });
    const moved = await setGroupMembers(trx, group.id, members);
    const changed = await settleRoles(trx, connection, moved);
    await auditScimWrite(trx, context, { action: 'create', entity: 'groups', id: group.id, status: 201 });
    return { resource: await view(trx, await reread(trx, connection, group.id), context.baseUrl), changed };
  });
}

async function reread(trx: Db, connection: ScimConnection, id: string): Promise<ScimGroupRow> {
  const group = await findScimGroup(trx, connection.id, id);
  if (!group) throw notFound('Group', id);
  return group;
}

async function lockedGroup(trx: Db, connection: ScimConnection, id: string): Promise<ScimGroupRow> {
  const group = await findScimGroup(trx, connection.id, id, { forUpdate: true });
  if (!group) throw notFound('Group', id);
  return group;
}

/**
 * The group as asked: its name (a new name changes every member's role, since the rules name
 * groups), its externalId, and, when given, exactly these members. Roles follow for everyone
 * who joined or left, or for all its members when it was renamed.
 */
async function replaceWith(
  trx: Db,
  context: ScimContext,
  connection: ScimConnection,
  group: ScimGroupRow,
  input: ScimGroupInput,
): Promise<ScimWritten<ScimGroupResource>> {
  assertSchemas(input.schemas, GROUP_SCHEMA);
  await assertUnique(trx, connection, input.displayName, group.id);
  const before = await memberIdsOfGroup(trx, group.id);
  await updateScimGroup(trx, group.id, {
    display_name: input.displayName,
    external_id: input.externalId ?? null,
  });
  const moved =
    input.members === undefined || input.members === null
      ? []
      : await setGroupMembers(trx, group.id, await memberIdsOf(trx, connection, input.members));
  const renamed = input.displayName !== group.display_name;
  const changed = await settleRoles(trx, connection, renamed ? [...before, ...moved] : moved);
  await auditScimWrite(trx, context, { action: 'update', entity: 'groups', id: group.id, status: 200 });
  return { resource: await view(trx, await reread(trx, connection, group.id), context.baseUrl), changed };
}

/** PUT /Groups/:id. `members` left out keeps them (a PUT of the name alone loses no one); `[]` empties it. */
export async function replaceScimGroup(
  context: ScimContext,
  id: string,
  input: ScimGroupInput,
): Promise<ScimWritten<ScimGroupResource>> {
  return scimWrite(context, async (trx, connection) =>
    replaceWith(trx, context, connection, await lockedGroup(trx, connection, id), input),
  );
}

/** PATCH /Groups/:id: add, remove (`members[value eq "…"]` too) and replace members, rename. */
export async function patchScimGroup(
  context: ScimContext,
  id: string,
  patch: ScimPatchInput,
): Promise<ScimWritten<ScimGroupResource>> {
  return scimWrite(context, async (trx, connection) => {
    const group = await lockedGroup(trx, connection, id);
    const patched = applyPatch(
      writableGroup(group, await memberIdsOfGroup(trx, group.id)),
      patch,
      GROUP_PATCHABLE,
    );
    const parsed = scimGroupInput.safeParse(patched);
    if (!parsed.success) throw invalidValue(parsed.error);
    // After a PATCH, no members left is none: `remove members` leaves the attribute out.
    return replaceWith(trx, context, connection, group, {
      ...parsed.data,
      members: parsed.data.members ?? [],
    });
  });
}

/** DELETE /Groups/:id: gone, and its members' roles follow. */
export async function deleteScimGroup(context: ScimContext, id: string): Promise<ScimWritten<null>> {
  return scimWrite(context, async (trx, connection) => {
    const group = await lockedGroup(trx, connection, id);
    const members = await memberIdsOfGroup(trx, group.id);
    await deleteGroupRow(trx, group.id);
    const changed = await settleRoles(trx, connection, members);
    await auditScimWrite(trx, context, { action: 'delete', entity: 'groups', id: group.id, status: 204 });
    return { resource: null, changed };
  });
}

export async function readScimGroup(context: ScimContext, id: string, projection: Projection) {
  const group = await findScimGroup(context.db, context.caller.connectionId, id);
  if (!group) throw notFound('Group', id);
  const members = wantsMembers(projection) ? await membersOfGroups(context.db, [group.id]) : undefined;
  return project(groupResource(group, members, context.baseUrl), projection);
}

/** Entra ID asks for groups with `excludedAttributes=members`: then members are not read at all. */
function wantsMembers(projection: Projection): boolean {
  if (projection.attributes) return projection.attributes.has('members');
  return !projection.excluded?.has('members');
}

const GROUP_FILTERS = { displayname: 'displayName', externalid: 'externalId' } as const;

/** GET /Groups: the connection's Groups, filtered by `displayName eq` or `externalId eq`, paged. */
export async function listScimGroups(
  context: ScimContext,
  query: {
    readonly filter?: string | undefined;
    readonly startIndex?: number | undefined;
    readonly count?: number | undefined;
  },
  projection: Projection,
): Promise<ListResponse<ScimGroupResource>> {
  const filter = parseEqualityFilter(query.filter, GROUP_SCHEMA, GROUP_FILTERS);
  const { startIndex, page } = pageOfQuery(query);
  const found = await selectGroupPage(
    context.db,
    context.caller.connectionId,
    filter ? { [filter.attribute]: filter.value } : {},
    page,
  );
  const members = wantsMembers(projection)
    ? await membersOfGroups(
        context.db,
        found.items.map((group) => group.id),
      )
    : undefined;
  const resources = found.items.map((group) =>
    project(
      groupResource(
        group,
        members?.filter((member) => member.group_id === group.id),
        context.baseUrl,
      ),
      projection,
    ),
  );
  return listResponse(resources, found.total, startIndex);
}

/** What PATCH may touch of a Group (RFC 7643 §4.2). */
const GROUP_PATCHABLE = {
  schema: GROUP_SCHEMA,
  attributes: { displayname: 'displayName', externalid: 'externalId', members: 'members' },
  readOnly: new Set(['id', 'meta']),
  valueLists: new Set(['members']),
};
