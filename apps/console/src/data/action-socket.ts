import {
  type ActionError,
  type ActionSuccess,
  type ClientToServerEvents,
  errorEvent,
  type ServerToClientEvents,
  type SocketAction,
  type SocketActionResults,
  successEvent,
} from '@careboard/contracts';
import { onTokenRenewed } from '@careboard/web-client';
import { io, type Socket } from 'socket.io-client';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';

type GatewaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The request of an action, without the correlation_id the socket adds. */
export type ActionRequest<A extends SocketAction> = WithoutCorrelation<
  Parameters<ClientToServerEvents[A]>[0]
>;
/** Omit over each member of a union (patient.badge's request is one of two shapes). */
type WithoutCorrelation<T> = T extends unknown ? Omit<T, 'correlation_id'> : never;

/** No answer by then: the action is reported as failed (the server may still have done it). */
export const ACTION_TIMEOUT_MS = 15_000;

export interface ActionSocket {
  /** Emits `action` with a fresh correlation_id; settles with `<action>.success`'s result or `<action>.error`. */
  send<A extends SocketAction>(
    action: A,
    request: ActionRequest<A>,
    correlationId?: string,
  ): Promise<SocketActionResults[A]>;
  close(): void;
}

/**
 * The socket gateway as the specification describes it (decision CON-10): the access token in
 * the connection, `refreshToken` after every renewal, each write emitted as `<action>` with a
 * correlation_id and answered by `<action>.success` or `<action>.error` with the same id.
 */
export function openActionSocket(runtime: ConsoleRuntime): ActionSocket {
  const socket: GatewaySocket = io(runtime.config.SOCKETS_URL, {
    transports: ['websocket'],
    auth: (callback) => callback({ token: runtime.session.getState().session.accessToken ?? '' }),
  });
  const stopRenewals = onTokenRenewed(runtime.session, (token) => socket.emit('refreshToken', token));
  const waiting = new Map<string, { resolve: (result: unknown) => void; reject: (error: unknown) => void }>();
  const listened = new Set<SocketAction>();

  const listen = (action: SocketAction) => {
    if (listened.has(action)) return;
    listened.add(action);
    const on = socket.on.bind(socket) as (event: string, listener: (payload: never) => void) => void;
    on(successEvent(action), (payload: ActionSuccess) => {
      waiting.get(payload.correlation_id)?.resolve(payload.result ?? {});
      waiting.delete(payload.correlation_id);
    });
    on(errorEvent(action), (payload: ActionError) => {
      waiting.get(payload.correlation_id)?.reject({
        code: payload.code,
        message: payload.message,
        params: payload.params ?? {},
      });
      waiting.delete(payload.correlation_id);
    });
  };

  return {
    send(action, request, correlationId = crypto.randomUUID()) {
      listen(action);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(correlationId);
          reject({ code: 'INTERNAL_SERVER_ERROR', message: '' });
        }, ACTION_TIMEOUT_MS);
        waiting.set(correlationId, {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result as never);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        const emit = socket.emit.bind(socket) as (event: string, payload: unknown) => void;
        // socket.io buffers an emit made while (re)connecting and sends it once connected.
        emit(action, { ...request, correlation_id: correlationId });
      });
    },
    close() {
      stopRenewals();
      socket.close();
      for (const { reject } of waiting.values()) reject({ code: 'INTERNAL_SERVER_ERROR', message: '' });
      waiting.clear();
    },
  };
}
