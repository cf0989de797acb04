import { z } from 'zod';
import type { ScimAttributes } from '../../store/tables/identity.ts';
import { textSchema } from '../schema-parts.ts';
import { ScimError } from './scim-error.ts';

/**
 * What a SCIM client sends for a User or a Group (RFC 7643 §4.1, §4.2), trimmed to what Careboard
 * keeps. Attributes it does not keep (title, addresses, the enterprise extension, …) are dropped,
 * as RFC 7644 §3.3 lets a service provider do; read-only ones (id, meta, groups) are ignored.
 * Lengths are bounded so that every key fits its index.
 */
const text = (max: number) => textSchema().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || undefined);

/** Entra ID sends `"True"` and `"False"` for booleans in PATCH values; RFC 7643 §2.3.2 says true/false. */
const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])])
  .transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'true'));

const schemasList = z.array(text(200)).max(10).optional();

export const scimUserInput = z.object({
  schemas: schemasList,
  userName: text(256).min(1),
  externalId: optionalText(256),
  name: z
    .object({
      formatted: optionalText(256),
      familyName: optionalText(120),
      givenName: optionalText(120),
      middleName: optionalText(120),
      honorificPrefix: optionalText(40),
      honorificSuffix: optionalText(40),
    })
    .nullish(),
  displayName: optionalText(256),
  emails: z
    .array(
      z.object({
        value: text(254).min(1).pipe(z.email()),
        type: optionalText(40),
        primary: booleanish.nullish(),
      }),
    )
    .max(20)
    .nullish(),
  active: booleanish.nullish(),
});

export type ScimUserInput = z.output<typeof scimUserInput>;

export const scimGroupInput = z.object({
  schemas: schemasList,
  displayName: text(256).min(1),
  externalId: optionalText(256),
  // A member's `display`, `$ref` and `type` are the server's to say; only `value` (a User's id) counts.
  members: z
    .array(z.object({ value: text(64).min(1) }))
    .max(5_000)
    .nullish(),
});

export type ScimGroupInput = z.output<typeof scimGroupInput>;

/** RFC 7643 §3: a resource names its schema; one that names others only is not this resource. */
export function assertSchemas(schemas: readonly string[] | undefined, expected: string): void {
  if (schemas !== undefined && !schemas.includes(expected))
    throw new ScimError(400, 'invalidValue', `schemas must include ${expected}.`);
}

/** The first issue, as a detail naming the field (never its value). */
export function invalidValue(error: z.ZodError): ScimError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return new ScimError(400, 'invalidValue', `${field} is not valid.`);
}

/** Cut to `max` characters, never inside a surrogate pair. */
function cut(value: string, max: number): string {
  return [...value].slice(0, max).join('');
}

/** The longest name an account holds (the users API's own limit). */
const NAME_MAX = 120;

/**
 * The account's name: `name.formatted`, else given and family name, else `displayName`, else
 * `userName` (IDN-31).
 */
export function accountNameOf(user: ScimUserInput): string {
  const parts = [user.name?.givenName, user.name?.familyName].filter(Boolean).join(' ');
  return cut(user.name?.formatted || parts || user.displayName || user.userName, NAME_MAX);
}

/**
 * The account's email: the primary email, else the first, else the userName when it is an
 * address; else none. Email never finds a federated account (the connection and subject do).
 */
export function accountEmailOf(user: ScimUserInput): string {
  const chosen = user.emails?.find((email) => email.primary) ?? user.emails?.[0];
  if (chosen) return chosen.value;
  return z.email().safeParse(user.userName).success ? user.userName : '';
}

/** What is kept as the directory sent it, without the empty. */
export function attributesOf(user: ScimUserInput): ScimAttributes {
  const name = Object.fromEntries(Object.entries(user.name ?? {}).filter(([, value]) => value !== undefined));
  const emails = (user.emails ?? []).map((email) => ({
    value: email.value,
    ...(email.type !== undefined ? { type: email.type } : {}),
    ...(email.primary !== undefined && email.primary !== null ? { primary: email.primary } : {}),
  }));
  return {
    ...(Object.keys(name).length > 0 ? { name } : {}),
    ...(user.displayName !== undefined ? { displayName: user.displayName } : {}),
    ...(emails.length > 0 ? { emails } : {}),
  };
}
