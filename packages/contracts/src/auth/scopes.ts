/** The scope the board's root route requires (specification section 6). */
export const BOARD_SCOPE = 'access:display-board';

/** Scopes the device flow requests (specification section 6). */
export const deviceFlowScopes = Object.freeze([
  'access:display-board',
  'access:kiosk',
  'offline_access',
  'write:patients',
  'write:securable',
  'read:patients',
  'read:securable',
  'read:departments',
  'read:sites',
  'read:staff',
  'read:stations',
  'read:tags',
  'read:kiosks',
] as const);

/**
 * Scopes the standard flow requests: the specification's larger list plus the
 * device flow's (it says the base scopes are presumably included).
 */
export const standardFlowScopes = Object.freeze([
  'openid',
  'profile',
  'email',
  ...deviceFlowScopes,
  'access:ca',
  'access:mm',
  'access:wrt',
  'ui:wrt:*',
  'ui:ca:*',
  'create-bulk:*',
  'read:*',
  'write:*',
  'update:customer*',
  'toggle:customer',
] as const);

/** Splits a token's space-separated `scope` claim. */
export function parseScope(scope: unknown): ReadonlySet<string> {
  return new Set(typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []);
}

/** Every required scope must be in the token (specification section 5). */
export function hasScopes(granted: ReadonlySet<string>, required: readonly string[]): boolean {
  return required.every((scope) => granted.has(scope));
}
