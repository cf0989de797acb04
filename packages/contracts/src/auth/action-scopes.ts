import { BOARD_SCOPE } from './scopes.ts';

/**
 * What each action requires of a token, whichever door it comes through: the
 * REST routes and the socket gateway both look their action up here, so a
 * socket action can never ask less than its REST twin (issue 12, defect 1).
 * A token lacking any of them is FORBIDDEN (REST 403, socket `<action>.error`); decision LIVE-16.
 */
export const actionScopes = Object.freeze({
  /** GET /display-boards, GET /display-boards/:id, the live subscriptions. */
  'display-board.read': [BOARD_SCOPE],
  /** POST, PATCH and DELETE /display-boards. */
  'display-board.configure': ['write:*'],
  /** POST /visits, /visits/:id/phase, /visits/:id/complete. */
  'visit.write': ['write:patients'],
  /** POST /visits/:id/calls and the socket's `patient.call`. */
  'patient.call': ['write:patients'],
  /** POST /messages and the socket's `message.post`. */
  'message.post': ['write:patients'],
  /** The socket's `device.reload`: commands screens, a configuration act like editing the board. */
  'device.reload': ['write:*'],
  /** PUT /assets/:id/location and /locations/:id/par-levels. */
  'asset.write': ['write:*'],
  /** GET /me: any valid token. */
  'me.read': [],
} as const satisfies Record<string, readonly string[]>);

export type ScopedAction = keyof typeof actionScopes;

/** The scopes an action requires. */
export function scopesFor(action: ScopedAction): readonly string[] {
  return actionScopes[action];
}
