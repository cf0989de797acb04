import { describe, expect, it } from 'vitest';
import { noticeRowsJson, parseChangeNotice } from './change-notice.ts';

const at = '2026-11-25T11:20:10.123456+00:00';
const payload = (fields: Record<string, unknown>) =>
  JSON.stringify({ version: 9, customer_id: 'acme', after: 7, at, ...fields });

describe('change notices (LIVE-35)', () => {
  it("carries a transaction's rows in version order, and reads them back with the customer and time", () => {
    const rows = noticeRowsJson([
      { version: '9', entity: 'visit', entity_id: 2, action: 'update', board_ids: [1, 3] },
      { version: '8', entity: 'message', entity_id: 5, action: 'insert', board_ids: null },
    ]);
    expect(JSON.parse(rows ?? '')).toEqual([
      ['8', 'message', 5, 'insert', null],
      ['9', 'visit', 2, 'update', [1, 3]],
    ]);
    const notice = parseChangeNotice(payload({ rows: JSON.parse(rows ?? '') }));
    expect(notice).toEqual({
      customerId: 'acme',
      committed: {
        after: '7',
        rows: [
          {
            version: '8',
            customer_id: 'acme',
            entity: 'message',
            entity_id: 5,
            action: 'insert',
            board_ids: null,
            created_at: new Date('2026-11-25T11:20:10.123Z'),
          },
          {
            version: '9',
            customer_id: 'acme',
            entity: 'visit',
            entity_id: 2,
            action: 'update',
            board_ids: [1, 3],
            created_at: new Date('2026-11-25T11:20:10.123Z'),
          },
        ],
      },
    });
    // The customer's first change: nothing before it.
    expect(
      parseChangeNotice(payload({ after: null, rows: [['1', 'visit', 2, 'update', null]] }))?.committed
        ?.after,
    ).toBe('0');
  });

  it('leaves out rows that would not fit a notification', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      version: String(1_000_000 + i),
      entity: 'device',
      entity_id: 100_000 + i,
      action: 'update' as const,
      board_ids: [],
    }));
    expect(noticeRowsJson(many)).toBeNull();
  });

  it('names only the customer when the rows are missing or any of them is not well formed', () => {
    const row = ['8', 'visit', 2, 'update', null];
    for (const fields of [
      { rows: null },
      { rows: [] },
      { rows: [row, ['x', 'visit', 2, 'update', null]] },
      { rows: [['8', 'visit', 2, 'replace', null]] },
      { rows: [['8', 'visit', 2.5, 'update', null]] },
      { rows: [['8', 'visit', 2, 'update', ['1']]] },
      { rows: [row], at: 'yesterday' },
      { rows: [row], after: 'seven' },
      { rows: [row], after: undefined },
    ])
      expect(parseChangeNotice(payload(fields))).toEqual({ customerId: 'acme' });
    expect(parseChangeNotice('not json')).toBeUndefined();
    expect(parseChangeNotice(JSON.stringify({ version: 9 }))).toBeUndefined();
    expect(parseChangeNotice(undefined)).toBeUndefined();
  });
});
