/**
 * The socket gateway's events, typed for both ends (socket.io's typed events).
 * Actions are requests a client emits with a correlation_id; their results come
 * back as `<action>.success` / `<action>.error` carrying the same correlation_id.
 */
export const socketActions = Object.freeze([
  'patient.call',
  'message.post',
  'device.reload',
  // The desk's patient flow (decision CON-10): the socket twins of the visit routes.
  'patient.admit',
  'patient.move',
  'patient.complete',
  'patient.badge',
] as const);
export type SocketAction = (typeof socketActions)[number];

export interface PatientCallRequest {
  readonly correlation_id: string;
  readonly visit_id: number;
  readonly station_id: number;
}

export interface MessagePostRequest {
  readonly correlation_id: string;
  readonly text: string;
  readonly display_board_id?: number | null;
  readonly workflow_id?: number | null;
  /** ISO date-time with offset, in the future; no expiry when absent. */
  readonly expires_at?: string | null;
}

export interface DeviceReloadRequest {
  readonly correlation_id: string;
  /** Reload every screen showing this board. */
  readonly display_board_id: number;
}

/** A patient arrives: POST /visits's body, with a correlation_id (decision CON-11). */
export interface PatientAdmitRequest {
  readonly correlation_id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly workflow_id: number;
  /** Defaults to the workflow's first phase. */
  readonly phase_id?: number;
  /** The badge the patient wears; TAG_IS_IN_USE when someone else wears it. */
  readonly badge_id?: number | null;
  /** A tag instead of a badge: it brings the badge it sits in. */
  readonly tag_id?: number | null;
  readonly location_id?: number | null;
  readonly staff_ids?: readonly number[];
  /** Made up by the server when absent; 3 to 12 of A-Z, 0-9 and '-'. */
  readonly family_code?: string;
}

/** POST /visits/:id/phase: a phase of the visit's workflow; the location stays unless given. */
export interface PatientMoveRequest {
  readonly correlation_id: string;
  readonly visit_id: number;
  readonly phase_id: number;
  readonly location_id?: number | null;
}

/** POST /visits/:id/complete: completing a completed visit changes nothing. */
export interface PatientCompleteRequest {
  readonly correlation_id: string;
  readonly visit_id: number;
}

/**
 * PUT /visits/:id/badge: `badge_id` (null takes it off) or `tag_id`, exactly one of them
 * (decision CON-12).
 */
export type PatientBadgeRequest =
  | { readonly correlation_id: string; readonly visit_id: number; readonly badge_id: number | null }
  | { readonly correlation_id: string; readonly visit_id: number; readonly tag_id: number | null };

/**
 * What `<action>.success` carries as `result`: the REST twin's answer, its `id` named for
 * what it is, dates as ISO strings (decision CON-13).
 */
export type SocketActionResults = {
  'patient.call': { call_id: number };
  'message.post': { message_id: number };
  /** How many screens showing the board were asked to reload. */
  'device.reload': { screens: number };
  'patient.admit': { visit_id: number; family_code: string };
  'patient.move': { visit_id: number; phase_id: number; phase_entered_at: string };
  'patient.complete': { visit_id: number; completed_at: string };
  'patient.badge': { visit_id: number; badge_id: number | null; tag_id: number | null };
};

export interface ActionSuccess<R = Record<string, unknown>> {
  readonly correlation_id: string;
  readonly result?: R;
}

export interface ActionError {
  readonly correlation_id: string;
  readonly code: string;
  readonly message: string;
  /** The catalogue text's params, as REST's envelope carries them, so a client can say it in its locale. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** What a board is told to do outside its subscriptions. */
export interface DeviceReloadCommand {
  readonly display_board_id: number;
}

/**
 * One payload type for every action's success, so a listener of a union of event names still
 * types its argument; a client narrows `result` with SocketActionResults[A] (decision CON-13).
 */
type Results<A extends string> = {
  [K in `${A}.success`]: (payload: ActionSuccess) => void;
} & {
  [K in `${A}.error`]: (payload: ActionError) => void;
};

export type ServerToClientEvents = Results<SocketAction> & {
  'device.reload.command': (payload: DeviceReloadCommand) => void;
  'token.rejected': (payload: { code: string; message: string }) => void;
};

export interface ClientToServerEvents {
  /** The board's current access token, on connect and after every renewal. */
  refreshToken: (token: string) => void;
  'patient.call': (request: PatientCallRequest) => void;
  'message.post': (request: MessagePostRequest) => void;
  'device.reload': (request: DeviceReloadRequest) => void;
  'patient.admit': (request: PatientAdmitRequest) => void;
  'patient.move': (request: PatientMoveRequest) => void;
  'patient.complete': (request: PatientCompleteRequest) => void;
  'patient.badge': (request: PatientBadgeRequest) => void;
}

export const successEvent = <A extends SocketAction>(action: A) => `${action}.success` as const;
export const errorEvent = <A extends SocketAction>(action: A) => `${action}.error` as const;
