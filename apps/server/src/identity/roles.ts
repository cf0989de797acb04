import { deviceFlowScopes, scopesFor, standardFlowScopes } from '@careboard/contracts';

/** Scopes the API knows: every scope either flow may request, less OpenID Connect's own. */
export const apiScopes: readonly string[] = Object.freeze(
  [...new Set([...deviceFlowScopes, ...standardFlowScopes])].filter(
    (scope) => !['openid', 'profile', 'email', 'offline_access'].includes(scope),
  ),
);

/** The API scopes a screen's token may hold: the device flow's (decision IDN-16). */
export const deviceApiScopes: readonly string[] = Object.freeze(
  deviceFlowScopes.filter((scope) => apiScopes.includes(scope)),
);

export const roles = Object.freeze(['admin', 'staff', 'visitor'] as const);
export type Role = (typeof roles)[number];

/**
 * What each role may be granted. An admin gets every scope and may activate
 * devices; staff see boards and write patient flow; a visitor signs in but
 * lacks access:display-board (decisions IDN-01, IDN-02).
 */
const roleScopes: Readonly<Record<Role, readonly string[]>> = Object.freeze({
  admin: apiScopes,
  staff: apiScopes.filter(
    (scope) => !['update:customer*', 'toggle:customer', 'create-bulk:*'].includes(scope),
  ),
  visitor: ['read:sites', 'read:departments'],
});

export function scopesForRole(role: string): readonly string[] {
  return isRole(role) ? roleScopes[role] : [];
}

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/**
 * A display's grant holds the device-flow scopes, so it stays only with an account whose role
 * holds them all (IDN-13): staff and admins; a visitor's or a disabled account's displays end.
 */
export function mayHoldDisplayGrants(role: string): boolean {
  const granted = new Set(scopesForRole(role));
  return deviceFlowScopes.every((scope) => scope === 'offline_access' || granted.has(scope));
}

/**
 * Activating a display (a phone's Confirm, the console's pairing) is an admin's act: the role must
 * also hold the pairing action's scopes, `update:customer*` among them (decisions IDN-02, IDN-20).
 * The device-flow scopes alone do not tell: they are a screen's few (IDN-16), and staff hold them too.
 */
export function mayActivateDevices(role: string): boolean {
  const granted = new Set(scopesForRole(role));
  return mayHoldDisplayGrants(role) && scopesFor('device.pair').every((scope) => granted.has(scope));
}

/** Levels of the roles, higher above lower: admin > staff > visitor (decision BOF-28). */
const roleLevels: Readonly<Record<Role, number>> = Object.freeze({ visitor: 1, staff: 2, admin: 3 });

/** A role's level; an unknown role is below every role. */
export function roleLevel(role: string): number {
  return isRole(role) ? roleLevels[role] : 0;
}
