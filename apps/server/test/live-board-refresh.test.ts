import { setTimeout as sleep } from 'node:timers/promises';
import type { BoardTypeId } from '@careboard/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardAttachment } from '../src/live/boards/board-publishers.ts';
import { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import type { Db } from '../src/store/database.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { boardPublishersOn, CountingReads } from './board-publishers-fixture.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'refresh-clock';
let db: Db;
let feed: ChangeFeed;

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  await seedCustomer(db, C);
  feed = new ChangeFeed(db, domain.url, pino({ level: 'silent' }), 600_000);
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await db.destroy();
});

describe("a customer's boards refresh on one clock (LIVE-32)", () => {
  it('evaluates every board on the same tick from shared reads, and stops the clock when the last board goes', async () => {
    const reads = new CountingReads();
    // First tick 100 ms after the first board, then every 200 ms.
    const refresh = new RefreshClocks(200, () => 0.5);
    const publishers = boardPublishersOn(db, feed, reads, refresh);
    const boards = await listDisplayBoardConfigs(db, C);
    expect(boards.length).toBeGreaterThan(2);
    const attachments = (
      await Promise.all(
        boards.map((board) =>
          publishers.attach(
            C,
            board.id,
            board.display_board_type_id as BoardTypeId,
            null,
            () => undefined,
            () => undefined,
          ),
        ),
      )
    ).filter((attachment): attachment is BoardAttachment => attachment !== undefined);
    expect(attachments).toHaveLength(boards.length);
    expect(refresh.size).toBe(1);

    // Until the second tick has started: the first one's evaluations are all done by then.
    for (let waited = 0; !reads.asked.has('refresh:2') && waited < 10_000; waited += 20) await sleep(20);
    const asked = reads.asked.get('refresh:1') ?? 0;
    const made = reads.made.get('refresh:1') ?? 0;
    // Every board asked for its reads under the tick's one key, and boards asking for the same read shared it.
    expect(asked).toBeGreaterThanOrEqual(boards.length);
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(asked);

    for (const attachment of attachments) await attachment.detach();
    expect(refresh.size).toBe(0);
  });
});
