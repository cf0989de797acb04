import { BOARD_SCOPE } from './scopes.ts';

/** Patient flow's writes: one list for the REST routes and their socket twins, so they cannot drift. */
const VISIT_WRITE = ['write:patients'] as const;

/**
 * What each action requires of a token, whichever door it comes through: the
 * REST routes and the socket gateway both look their action up here, so a
 * socket action can never ask less than its REST twin (decision LIVE-16).
 * A token lacking any of them is FORBIDDEN (REST 403, socket `<action>.error`).
 */
export const actionScopes = Object.freeze({
  /** GET /display-boards, GET /display-boards/:id, the live subscriptions. */
  'display-board.read': [BOARD_SCOPE],
  /** POST, PATCH and DELETE /display-boards. */
  'display-board.configure': ['write:*'],
  /** POST /visits, /visits/:id/phase, /visits/:id/complete, PUT /visits/:id/badge. */
  'visit.write': VISIT_WRITE,
  /** The socket's `patient.admit`, twin of POST /visits (decision CON-10). */
  'patient.admit': VISIT_WRITE,
  /** The socket's `patient.move`, twin of POST /visits/:id/phase. */
  'patient.move': VISIT_WRITE,
  /** The socket's `patient.complete`, twin of POST /visits/:id/complete. */
  'patient.complete': VISIT_WRITE,
  /** The socket's `patient.badge`, twin of PUT /visits/:id/badge. */
  'patient.badge': VISIT_WRITE,
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

  // The back office (decision BOF-05): reads need the specification's read scope of
  // what they read, configuration writes write:*, patient flow write:patients.
  /** GET /sites, /sites/:id and the sites export. */
  'site.read': ['read:sites'],
  /** GET /departments, /workflows, /workflows/:id/phases, /phases/:id: a workflow is a department's. */
  'department.read': ['read:departments'],
  /** GET /locations, /stations and the locations export. */
  'station.read': ['read:stations'],
  /** GET /staff, /staff-types. */
  'staff.read': ['read:staff'],
  /** GET /tags, /sensors. */
  'tag.read': ['read:tags'],
  /** GET /asset-types, /assets, /locations/:id/par-levels: materials management. */
  'equipment.read': ['access:mm'],
  /** GET /devices: screens are the specification's kiosks. */
  'device.read': ['read:kiosks'],
  /** GET /visits, /messages: patient flow without patients' names. */
  'patient.read': ['read:patients'],
  /** GET /securable/…: patients' names, each read audited (BOF-02). */
  'securable.read': ['read:securable'],
  /** POST, PATCH, DELETE of the care setting, equipment, tags and sensors. */
  'setting.write': ['write:*'],
  /** PATCH /devices/:id, POST /devices/:id/reload, /devices/:id/revoke. */
  'device.write': ['write:*'],
  /** POST /devices/pair: activating a screen is an admin's act, as on a phone (decision IDN-20). */
  'device.pair': ['write:*', 'update:customer*'],
  /** DELETE /messages/:id. */
  'message.write': ['write:patients'],
  /** GET /users. */
  'user.read': ['read:*'],
  /** POST, PATCH /users: never above the caller's own level (USER_LEVEL_IS_NOT_VALID). */
  'user.write': ['write:*'],
  /**
   * PATCH /customers/:id, GET /audit-events, GET and POST /feeds/rtls/secret: the customer's own
   * settings, log and feed secrets (decision IDN-20).
   */
  'customer.update': ['update:customer*'],
} as const satisfies Record<string, readonly string[]>);

export type ScopedAction = keyof typeof actionScopes;

/** The scopes an action requires. */
export function scopesFor(action: ScopedAction): readonly string[] {
  return actionScopes[action];
}
