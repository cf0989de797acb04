import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoardMessages } from '../src/live/boards/board-messages.ts';
import { scopeOf } from '../src/live/boards/build-rows.ts';
import { SharedReads } from '../src/live/boards/shared-reads.ts';
import { postMessage } from '../src/services/post-message.ts';
import type { Db } from '../src/store/database.ts';
import { listBoardMessages } from '../src/store/repositories/board-row-queries.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { listWorkflows } from '../src/store/repositories/workflows.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'messages-shared';
let db: Db;

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, C);
});
afterAll(() => db.destroy());

describe('patient boards share one read of their messages per change (LIVE-31)', () => {
  it('gives every board the messages its own query gives, from one read of the customer’s', async () => {
    const boards = await listDisplayBoardConfigs(db, C);
    const [workflow, other] = await listWorkflows(db, C);
    const [first] = boards;
    expect(first && workflow && other).toBeTruthy();
    const soon = new Date(Date.now() + 60_000);
    await postMessage(db, C, { sender_type: 1, text: 'Everyone' });
    await postMessage(db, C, { sender_type: 2, text: 'One board', display_board_id: first?.id });
    await postMessage(db, C, {
      sender_type: 2,
      text: 'One workflow',
      workflow_id: workflow?.id,
      expires_at: soon.toISOString(),
    });
    await postMessage(db, C, { sender_type: 2, text: 'Another workflow', workflow_id: other?.id });
    await db
      .insertInto('messages')
      .values({
        customer_id: C,
        sender_type: 1,
        text: 'Expired',
        created_at: new Date(Date.now() - 7_200_000),
        expires_at: new Date(Date.now() - 3_600_000),
      })
      .execute();

    const now = new Date();
    const shared = new SharedReads();
    let reads = 0;
    const share = shared.forChange(C, '1');
    const counting: typeof share = (key, read) =>
      share(key, () => {
        reads += 1;
        return read();
      });
    const picked = await Promise.all(
      boards.map((board) => readBoardMessages(db, C, board.id, scopeOf(board), now, counting)),
    );
    const ownQueries = await Promise.all(
      boards.map((board) => listBoardMessages(db, C, board.id, scopeOf(board), now)),
    );
    expect(reads).toBe(1);
    expect(boards.length).toBeGreaterThan(1);
    const texts = (rows: readonly { text: string }[]) => rows.map((row) => row.text).sort();
    expect(picked.map(texts)).toEqual(ownQueries.map(texts));
    expect(picked).toEqual(ownQueries);
    expect(texts(picked[0] ?? [])).toContain('One board');
    expect(picked.flat().map((row) => row.text)).not.toContain('Expired');
  });
});
