import { z } from 'zod';
import type { ScimAccountRow, ScimGroupRow } from '../../store/scim.ts';
import { GROUP_SCHEMA, LIST_RESPONSE, USER_SCHEMA } from './scim-urns.ts';

/** The resources as SCIM answers them (RFC 7643 §4.1, §4.2, §3.1 `meta`); also the routes' response schemas. */
const meta = z.object({
  resourceType: z.enum(['User', 'Group']),
  created: z.string(),
  lastModified: z.string(),
  location: z.string(),
});

/**
 * A reference to another resource: `value`, `display`, `type`, and `$ref` (its URL), kept by a
 * loose object because OpenAPI's tools read a property named `$ref` as a reference of the schema.
 */
function reference<T extends string>(type: T) {
  return z.looseObject({ value: z.string(), display: z.string(), type: z.literal(type) });
}

export const scimUserResource = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string().optional(),
  name: z
    .object({
      formatted: z.string().optional(),
      familyName: z.string().optional(),
      givenName: z.string().optional(),
      middleName: z.string().optional(),
      honorificPrefix: z.string().optional(),
      honorificSuffix: z.string().optional(),
    })
    .optional(),
  displayName: z.string().optional(),
  emails: z
    .array(z.object({ value: z.string(), type: z.string().optional(), primary: z.boolean().optional() }))
    .optional(),
  active: z.boolean().optional(),
  groups: z.array(reference('direct')).optional(),
  meta: meta.optional(),
});

export type ScimUserResource = z.output<typeof scimUserResource>;

export const scimGroupResource = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  displayName: z.string().optional(),
  members: z.array(reference('User')).optional(),
  meta: meta.optional(),
});

export type ScimGroupResource = z.output<typeof scimGroupResource>;

/** A query's answer (RFC 7644 §3.4.2): `startIndex` is 1-based. */
export function listResponseOf<T extends z.ZodType>(resource: T) {
  return z.object({
    schemas: z.array(z.string()),
    totalResults: z.number().int(),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
    Resources: z.array(resource),
  });
}

export interface ListResponse<T> {
  readonly schemas: string[];
  readonly totalResults: number;
  readonly startIndex: number;
  readonly itemsPerPage: number;
  readonly Resources: T[];
}

export function listResponse<T>(resources: T[], total: number, startIndex: number): ListResponse<T> {
  return {
    schemas: [LIST_RESPONSE],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/**
 * `active` as the directory set it: false only when the directory turned it off (or deleted it).
 * An account disabled for having no role, or by an admin, is still active to the directory;
 * whether the person may sign in now is the users API's `disabled` (IDN-32).
 */
export function directoryActive(account: Pick<ScimAccountRow, 'disabled_at' | 'disabled_by'>): boolean {
  return !(account.disabled_at !== null && account.disabled_by === 'scim');
}

export interface GroupRef {
  readonly group_id: string;
  readonly display_name: string;
}

/** What a client may change of a User, as PATCH applies to it (no `id`, `groups` or `meta`). */
export function writableUser(account: ScimAccountRow): Record<string, unknown> {
  return {
    schemas: [USER_SCHEMA],
    userName: account.scim_user_name ?? '',
    ...(account.scim_external_id !== null ? { externalId: account.scim_external_id } : {}),
    ...account.scim_attributes,
    active: directoryActive(account),
  };
}

export function userResource(
  account: ScimAccountRow,
  groups: readonly GroupRef[],
  baseUrl: string,
): ScimUserResource {
  const attributes = account.scim_attributes ?? {};
  return {
    schemas: [USER_SCHEMA],
    id: account.id,
    ...(account.scim_external_id !== null ? { externalId: account.scim_external_id } : {}),
    userName: account.scim_user_name ?? '',
    ...(attributes.name ? { name: { ...attributes.name } } : {}),
    ...(attributes.displayName !== undefined ? { displayName: attributes.displayName } : {}),
    ...(attributes.emails ? { emails: attributes.emails.map((email) => ({ ...email })) } : {}),
    active: directoryActive(account),
    groups: groups.map((group) => ({
      value: group.group_id,
      $ref: `${baseUrl}/Groups/${group.group_id}`,
      display: group.display_name,
      type: 'direct' as const,
    })),
    meta: {
      resourceType: 'User',
      created: account.created_at.toISOString(),
      lastModified: (account.scim_modified_at ?? account.created_at).toISOString(),
      location: `${baseUrl}/Users/${account.id}`,
    },
  };
}

export interface MemberRef {
  readonly account_id: string;
  readonly name: string;
}

/** What a client may change of a Group, as PATCH applies to it: members as `{ value }`. */
export function writableGroup(group: ScimGroupRow, memberIds: readonly string[]): Record<string, unknown> {
  return {
    schemas: [GROUP_SCHEMA],
    displayName: group.display_name,
    ...(group.external_id !== null ? { externalId: group.external_id } : {}),
    members: memberIds.map((value) => ({ value })),
  };
}

export function groupResource(
  group: ScimGroupRow,
  members: readonly MemberRef[] | undefined,
  baseUrl: string,
): ScimGroupResource {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.external_id !== null ? { externalId: group.external_id } : {}),
    displayName: group.display_name,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.account_id,
            $ref: `${baseUrl}/Users/${member.account_id}`,
            display: member.name,
            type: 'User' as const,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.created_at.toISOString(),
      lastModified: group.updated_at.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
    },
  };
}
