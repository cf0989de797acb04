/** The scope the board's root route requires (specification section 6). */
export const BOARD_SCOPE = 'access:display-board';

/**
 * Scopes the device flow requests: what a screen needs to show its board and
 * stay signed in, nothing it could write with (decision IDN-16; the
 * specification's section 6 listed write and read scopes too, which a screen
 * never uses and a stolen screen token must not hold).
 */
export const deviceFlowScopes = Object.freeze(['access:display-board', 'offline_access'] as const);

/** The specification's device scopes beyond those; web sign-ins still ask for them. */
const specificationDeviceScopes = Object.freeze([
  'access:kiosk',
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
  ...specificationDeviceScopes,
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
