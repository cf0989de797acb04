import { MessageSenderType, type SocketAction } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { type CallVisitToStationInput, callVisitToStation } from '../../services/call-visit-to-station.ts';
import { reloadBoardScreens } from '../../services/devices/manage-device.ts';
import { parseInput } from '../../services/parse-input.ts';
import { type PostMessageInput, postMessage } from '../../services/post-message.ts';
import { idSchema } from '../../services/schema-parts.ts';
import { insertAuditEvent } from '../../store/audit-events.ts';
import type { Db } from '../../store/database.ts';
import { findDisplayBoardConfig } from '../../store/repositories/display-boards.ts';
import { patientFlowActions } from './patient-flow-actions.ts';
import { type ActionHandler, type ActionHandlers, customerRoom } from './socket-gateway.ts';
import { withoutCorrelation } from './without-correlation.ts';

const deviceReloadInput = z.strictObject({ display_board_id: idSchema });

/**
 * What a socket client may ask for. Calls, messages and the desk's patient flow go
 * through the same services as the API, so the boards hear of them through their
 * subscriptions; a reload is a command to the customer's screens showing that board.
 */
export function createSocketActions(db: Db): ActionHandlers {
  return auditedActions(db, {
    'patient.call': async (request, { customerId, subject }) => {
      // Untrusted until the service parses it against its strict schema.
      const input = { ...withoutCorrelation(request), called_by: subject } as CallVisitToStationInput;
      const call = await callVisitToStation(db, customerId, input);
      return { call_id: call.id };
    },
    'message.post': async (request, { customerId }) => {
      // expires_at (ISO with offset, in the future) is the service's: REST and socket alike.
      const input = {
        ...withoutCorrelation(request),
        sender_type: MessageSenderType.User,
      } as PostMessageInput;
      const message = await postMessage(db, customerId, input);
      return { message_id: message.id };
    },
    'device.reload': async (request, { customerId, io }) => {
      const { display_board_id: boardId } = parseInput(deviceReloadInput, withoutCorrelation(request));
      if (!(await findDisplayBoardConfig(db, customerId, boardId))) {
        throw new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: boardId });
      }
      // Screens follow their device records (BOF-45); socket clients still hear the command.
      const screens = await reloadBoardScreens(db, customerId, boardId);
      io.to(customerRoom(customerId)).emit('device.reload.command', { display_board_id: boardId });
      return { screens };
    },
    ...patientFlowActions(db),
  });
}

/** What each action writes, for its audit event: the entity as its REST twin's route names it. */
const AUDITED: Readonly<Record<SocketAction, { entity: string; action: 'create' | 'update'; id: string }>> = {
  'patient.call': { entity: 'calls', action: 'create', id: 'call_id' },
  'message.post': { entity: 'messages', action: 'create', id: 'message_id' },
  'device.reload': { entity: 'display-boards', action: 'update', id: 'display_board_id' },
  'patient.admit': { entity: 'visits', action: 'create', id: 'visit_id' },
  'patient.move': { entity: 'visits', action: 'update', id: 'visit_id' },
  'patient.complete': { entity: 'visits', action: 'update', id: 'visit_id' },
  'patient.badge': { entity: 'visits', action: 'update', id: 'visit_id' },
};

/** A socket write is audited like its REST twin, before its success is emitted (BOF-02). */
function auditedActions(db: Db, actions: ActionHandlers): ActionHandlers {
  const wrapped: Partial<Record<SocketAction, ActionHandler>> = {};
  for (const [name, handler] of Object.entries(actions) as [SocketAction, ActionHandler][]) {
    wrapped[name] = async (request, context) => {
      const result = await handler(request, context);
      const what = AUDITED[name];
      const id = (result as Record<string, unknown>)[what.id] ?? request[what.id];
      await insertAuditEvent(db, {
        customer_id: context.customerId,
        actor: context.subject,
        actor_kind: 'user',
        action: what.action,
        entity: what.entity,
        entity_id: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
        route: `socket ${name}`,
        status: null,
      });
      return result;
    };
  }
  return wrapped as ActionHandlers;
}
