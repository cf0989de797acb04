import { parse } from 'scim2-parse-filter';
import { ScimError } from './scim-error.ts';

/** Longer filters are refused before they are parsed: no client needs one. */
const MAX_FILTER_LENGTH = 1_000;

/** Attribute paths are case-insensitive and may carry their schema's URN (RFC 7644 §3.10). */
function attributeName(path: string, schema: string): string {
  const lower = path.toLowerCase();
  const prefix = `${schema.toLowerCase()}:`;
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : lower;
}

/**
 * A list's filter, of the one form the directories send (RFC 7644 §3.4.2.2): `<attribute> eq
 * "<value>"` for one of `attributes` (lower case → its name). Anything else, valid or not, is 400
 * `invalidFilter`, as the RFC says for a filter the server does not support.
 */
export function parseEqualityFilter<A extends string>(
  text: string | undefined,
  schema: string,
  attributes: Readonly<Record<string, A>>,
): { readonly attribute: A; readonly value: string } | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const supported = `${Object.values(attributes).join(' eq "…", ')} eq "…"`;
  if (text.length > MAX_FILTER_LENGTH)
    throw new ScimError(400, 'invalidFilter', `The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  let filter: ReturnType<typeof parse>;
  try {
    filter = parse(text);
  } catch {
    throw new ScimError(400, 'invalidFilter', `The filter is not valid; supported: ${supported}.`);
  }
  if (filter.op === 'eq' && 'attrPath' in filter && typeof filter.compValue === 'string') {
    const attribute = attributes[attributeName(filter.attrPath, schema)];
    if (attribute !== undefined) return { attribute, value: filter.compValue };
  }
  throw new ScimError(400, 'invalidFilter', `This filter is not supported; supported: ${supported}.`);
}

/** The `attributes` and `excludedAttributes` of a query (RFC 7644 §3.9), top-level names in lower case. */
export interface Projection {
  readonly attributes?: ReadonlySet<string>;
  readonly excluded?: ReadonlySet<string>;
}

function names(list: string | undefined, schema: string): ReadonlySet<string> | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  return new Set(
    list
      .split(',')
      .map((name) => attributeName(name.trim(), schema).split('.')[0] ?? '')
      .filter(Boolean),
  );
}

export function projectionOf(
  query: { readonly attributes?: string | undefined; readonly excludedAttributes?: string | undefined },
  schema: string,
): Projection {
  const attributes = names(query.attributes, schema);
  const excluded = names(query.excludedAttributes, schema);
  return { ...(attributes ? { attributes } : {}), ...(excluded ? { excluded } : {}) };
}

/** Attributes returned always (RFC 7643 §2.2 "returned": "always"), whatever the query asks. */
const ALWAYS = new Set(['schemas', 'id']);

/** The resource with only the attributes the query asks for (top-level names). */
export function project<T extends Record<string, unknown>>(resource: T, projection: Projection): T {
  const { attributes, excluded } = projection;
  if (!attributes && !excluded) return resource;
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const lower = key.toLowerCase();
      if (ALWAYS.has(lower)) return true;
      if (attributes) return attributes.has(lower);
      return !excluded?.has(lower);
    }),
  ) as T;
}
