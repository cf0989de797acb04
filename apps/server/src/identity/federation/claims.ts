/**
 * Reading what a provider said: a claim by its name, or by a dotted path into nested claims
 * (`realm_access.roles`); a name that itself holds dots (a URI claim such as Entra ID's
 * `http://schemas.microsoft.com/ws/2008/06/identity/claims/groups`) is tried whole first.
 */
export function claimAt(claims: Readonly<Record<string, unknown>>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A claim's values as strings: one string, a list of them, or a space-separated scope-like string stays one value. */
export function claimValues(claims: Readonly<Record<string, unknown>>, path: string): string[] {
  const value = claimAt(claims, path);
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list
    .filter((item) => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item !== '')
    .slice(0, 1000);
}

export function claimText(claims: Readonly<Record<string, unknown>>, path: string): string | undefined {
  return claimValues(claims, path)[0];
}

/**
 * Entra ID's groups overage: a person in more groups than fit in a token gets none in `groups`,
 * and instead `_claim_names.groups` (a pointer to the Graph API) or `hasgroups: true` (IDN-27).
 */
export function hasGroupsOverage(claims: Readonly<Record<string, unknown>>, groupsClaim: string): boolean {
  const names = claims._claim_names;
  const pointed =
    typeof names === 'object' &&
    names !== null &&
    Object.hasOwn(names, groupsClaim.split('.')[0] ?? groupsClaim);
  return pointed || claims.hasgroups === true || claims.hasgroups === 'true';
}
