import { describe, expect, it } from 'vitest';
import { BOARD_MESSAGES } from '../../store/repositories/board-row-queries.ts';
import { boardMessagesOf, isBoardMessage } from './board-messages.ts';

const now = new Date('2026-11-25T10:00:00Z');
let nextId = 1;
function message(
  sentTo: { display_board_id?: number; workflow_id?: number },
  expires_at: Date | null = null,
) {
  const id = nextId++;
  return {
    id,
    text: `message ${id}`,
    sender_type: 1,
    created_at: new Date(now.getTime() - id * 1_000),
    expires_at,
    display_board_id: sentTo.display_board_id ?? null,
    workflow_id: sentTo.workflow_id ?? null,
  };
}

describe('a board picks its messages from the customer’s active ones (LIVE-31)', () => {
  const scope = { workflowIds: [7], phaseIds: [] };

  it('shows its own, everyone’s and its workflows’ messages, not another board’s or workflow’s', () => {
    expect(isBoardMessage(message({ display_board_id: 3 }), 3, scope, now)).toBe(true);
    expect(isBoardMessage(message({}), 3, scope, now)).toBe(true);
    expect(isBoardMessage(message({ workflow_id: 7 }), 3, scope, now)).toBe(true);
    expect(isBoardMessage(message({ display_board_id: 4 }), 3, scope, now)).toBe(false);
    expect(isBoardMessage(message({ workflow_id: 8 }), 3, scope, now)).toBe(false);
  });

  it('a board of no workflow shows every workflow’s messages', () => {
    const everyWorkflow = { workflowIds: [], phaseIds: [] };
    expect(isBoardMessage(message({ workflow_id: 8 }), 3, everyWorkflow, now)).toBe(true);
    expect(isBoardMessage(message({ display_board_id: 4 }), 3, everyWorkflow, now)).toBe(false);
  });

  it('drops a message that has expired by the board’s own moment', () => {
    expect(isBoardMessage(message({}, now), 3, scope, now)).toBe(false);
    expect(isBoardMessage(message({}, new Date(now.getTime() + 1)), 3, scope, now)).toBe(true);
  });

  it('keeps the newest first, at most a board’s worth, with only the columns a board sends', () => {
    const active = [
      message({ display_board_id: 4 }),
      ...Array.from({ length: BOARD_MESSAGES + 5 }, () => message({ workflow_id: 7 })),
    ];
    const shown = boardMessagesOf(active, 3, scope, now);
    expect(shown).toHaveLength(BOARD_MESSAGES);
    expect(shown.map((m) => m.id)).toEqual(active.slice(1, BOARD_MESSAGES + 1).map((m) => m.id));
    expect(Object.keys(shown[0] ?? {}).sort()).toEqual([
      'created_at',
      'expires_at',
      'id',
      'sender_type',
      'text',
    ]);
  });
});
