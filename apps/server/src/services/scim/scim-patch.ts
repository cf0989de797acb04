import { type ScimPatchOperation, type ScimResource, scimPatch } from 'scim-patch';
import { z } from 'zod';
import { ScimError, type ScimType } from './scim-error.ts';
import { PATCH_OP } from './scim-urns.ts';

/** A PATCH request's body (RFC 7644 §3.5.2): the PatchOp message and its operations. */
export const scimPatchInput = z.object({
  schemas: z.array(z.string().max(200)).max(10),
  Operations: z
    .array(
      z.object({
        op: z.string().max(20),
        path: z.string().max(1_000).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(200),
});

export type ScimPatchInput = z.output<typeof scimPatchInput>;

/** What a resource type lets PATCH touch: its attributes (lower case → name) and those read-only. */
export interface Patchable {
  readonly schema: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly readOnly: ReadonlySet<string>;
  /** Multi-valued attributes whose items are `{ value }` only (a group's members). */
  readonly valueLists?: ReadonlySet<string>;
}

/** Keys that would reach an object's prototype through scim-patch's path walk. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function hasUnsafeSegment(path: string): boolean {
  return path.split(/[.[\]\s"]+/).some((segment) => UNSAFE_KEYS.has(segment));
}

/** Whether a key at any depth of `value` could walk into a prototype. */
function hasUnsafeKey(value: unknown, depth = 0): boolean {
  if (depth > 20) return true;
  if (Array.isArray(value)) return value.some((item) => hasUnsafeKey(item, depth + 1));
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => hasUnsafeSegment(key) || hasUnsafeKey(item, depth + 1));
}

/** `urn:…:core:2.0:User:name.givenName` → `name.givenName`; another schema's (an extension) → undefined. */
function withoutSchema(path: string, schema: string): string | undefined {
  const prefix = `${schema}:`;
  if (path.toLowerCase().startsWith(prefix.toLowerCase())) return path.slice(prefix.length);
  return path.toLowerCase().startsWith('urn:') ? undefined : path;
}

/** The path with its attribute named as the resource names it, or undefined when it is not kept. */
function canonicalPath(path: string, patchable: Patchable, strict: boolean): string | undefined {
  const bare = withoutSchema(path.trim(), patchable.schema);
  if (bare === undefined) return undefined;
  const match = /^([A-Za-z$][\w$-]*)(.*)$/s.exec(bare);
  if (!match) throw new ScimError(400, 'invalidPath', 'The path of an operation is not valid.');
  const [, attribute = '', rest = ''] = match;
  const lower = attribute.toLowerCase();
  if (patchable.readOnly.has(lower)) {
    if (strict) throw new ScimError(400, 'mutability', `${attribute} is read-only.`);
    return undefined;
  }
  const name = patchable.attributes[lower];
  return name === undefined ? undefined : `${name}${rest}`;
}

/** Member values as `{ value }`, so a remove naming `{ value, display }` finds the member. */
function asValueItems(value: unknown): unknown {
  const one = (item: unknown) =>
    typeof item === 'object' && item !== null && 'value' in item
      ? { value: String((item as { value: unknown }).value) }
      : item;
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** The operation as it will be applied, or undefined when it touches only attributes not kept. */
function normalized(
  operation: ScimPatchInput['Operations'][number],
  patchable: Patchable,
): ScimPatchOperation | undefined {
  const op = operation.op.toLowerCase();
  if (op !== 'add' && op !== 'remove' && op !== 'replace')
    throw new ScimError(400, 'invalidSyntax', 'An operation\'s op must be "add", "remove" or "replace".');
  if (operation.path !== undefined && hasUnsafeSegment(operation.path))
    throw new ScimError(400, 'invalidPath', 'The path of an operation is not valid.');
  if (hasUnsafeKey(operation.value))
    throw new ScimError(400, 'invalidValue', 'The value of an operation is not valid.');
  if (operation.path === undefined || operation.path.trim() === '') {
    if (op === 'remove') throw new ScimError(400, 'noTarget', 'A remove operation needs a path.');
    const value = operation.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ScimError(400, 'invalidValue', 'An operation without a path needs an object value.');
    const kept = Object.entries(value).flatMap(([key, item]) => {
      const path = canonicalPath(key, patchable, false);
      if (path === undefined) return [];
      return [[path, patchable.valueLists?.has(path) ? asValueItems(item) : item] as const];
    });
    if (kept.length === 0) return undefined;
    return { op, value: Object.fromEntries(kept) };
  }
  const path = canonicalPath(operation.path, patchable, true);
  if (path === undefined) return undefined;
  const attribute = /^[\w$-]+/.exec(path)?.[0] ?? '';
  const value = patchable.valueLists?.has(attribute) ? asValueItems(operation.value) : operation.value;
  if (op === 'remove') return { op, path, ...(value !== undefined ? { value } : {}) };
  if (!('value' in operation)) throw new ScimError(400, 'invalidValue', `The ${op} operation needs a value.`);
  return { op, path, value };
}

const SCIM_TYPES: ReadonlySet<string> = new Set<ScimType>([
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidSyntax',
]);

/**
 * Applies a PATCH request's operations to a resource (its attributes a client may change) with
 * scim-patch, in order, all or none (RFC 7644 §3.5.2). Operations on attributes Careboard does
 * not keep are skipped; one on a read-only attribute is 400 `mutability`. Paths and keys that
 * could walk into an object's prototype are refused before scim-patch sees them. The result is
 * the resource as it would be; the caller parses it as it would a PUT.
 */
export function applyPatch(
  resource: Record<string, unknown>,
  input: ScimPatchInput,
  patchable: Patchable,
): Record<string, unknown> {
  if (!input.schemas.includes(PATCH_OP))
    throw new ScimError(400, 'invalidSyntax', `schemas must include ${PATCH_OP}.`);
  const operations = input.Operations.map((operation) => normalized(operation, patchable)).filter(
    (operation) => operation !== undefined,
  );
  const document = structuredClone({
    ...resource,
    meta: { created: new Date(0), lastModified: new Date(0) },
  });
  try {
    const patched = scimPatch(document as unknown as ScimResource, operations, {
      mutateDocument: true,
      treatMissingAsAdd: true,
    }) as unknown as Record<string, unknown>;
    const { meta: _meta, ...rest } = patched;
    return rest;
  } catch (error) {
    const code = (error as { scimCode?: unknown }).scimCode;
    const scimType = typeof code === 'string' && SCIM_TYPES.has(code) ? (code as ScimType) : 'invalidValue';
    throw new ScimError(400, scimType, 'The operations could not be applied to the resource.');
  }
}
