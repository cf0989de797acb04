/**
 * The socket gateway's events, typed for both ends (socket.io's typed events).
 * Actions are requests a client emits with a correlation_id; their results come
 * back as `<action>.success` / `<action>.error` carrying the same correlation_id.
 */
export const socketActions = Object.freeze(['patient.call', 'message.post', 'device.reload'] as const);
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
  /** ISO date-time with offset; no expiry when absent. */
  readonly expires_at?: string | null;
}

export interface DeviceReloadRequest {
  readonly correlation_id: string;
  /** Reload every screen showing this board. */
  readonly display_board_id: number;
}

export interface ActionSuccess {
  readonly correlation_id: string;
  readonly result?: Record<string, unknown>;
}

export interface ActionError {
  readonly correlation_id: string;
  readonly code: string;
  readonly message: string;
}

/** What a board is told to do outside its subscriptions. */
export interface DeviceReloadCommand {
  readonly display_board_id: number;
}

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
}

export const successEvent = <A extends SocketAction>(action: A) => `${action}.success` as const;
export const errorEvent = <A extends SocketAction>(action: A) => `${action}.error` as const;
