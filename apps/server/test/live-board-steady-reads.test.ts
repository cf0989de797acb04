import { setTimeout as sleep } from 'node:timers/promises';
import { BoardType } from '@careboard/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentFrame } from '../src/live/boards/board-publisher.ts';
import { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { postMessage } from '../src/services/post-message.ts';
import { updateCustomerSettings } from '../src/services/tenants/update-customer-settings.ts';
import type { Db } from '../src/store/database.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { boardPublishersOn, CountingReads } from './board-publishers-fixture.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'steady-reads';
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

describe("a customer's voice is read once until its settings change (LIVE-33)", () => {
  it('keeps it across changes of the patient flow, and a rename reaches the patient board', async () => {
    const reads = new CountingReads();
    // No refresh tick during the test: what is read again, a change made read again.
    const publishers = boardPublishersOn(db, feed, reads, new RefreshClocks(600_000, () => 1));
    const board = (await listDisplayBoardConfigs(db, C)).find(
      (config) => config.display_board_type_id === BoardType.Patient,
    );
    expect(board).toBeDefined();
    const frames: SentFrame[] = [];
    const attachment = await publishers.attach(
      C,
      board?.id ?? 0,
      BoardType.Patient,
      null,
      (frame) => frames.push(frame),
      () => undefined,
    );
    const frameWith = async (text: string) => {
      for (let waited = 0; waited < 10_000; waited += 20) {
        if (frames.some((frame) => frame.text.includes(text))) return;
        await sleep(20);
      }
      throw new Error(`no frame with ${text}`);
    };

    await postMessage(db, C, { sender_type: 1, text: 'First message' });
    await frameWith('First message');
    expect(reads.madeOf.get('voice')).toBe(1);
    await postMessage(db, C, { sender_type: 1, text: 'Second message' });
    await frameWith('Second message');
    expect(reads.madeOf.get('voice')).toBe(1);
    // The recent calls are kept across messages too (LIVE-36): read once, when the board started;
    // the messages twice more, once for each.
    const callsMade = () =>
      [...reads.madeOf].filter(([key]) => key.startsWith('calls ')).reduce((sum, [, n]) => sum + n, 0);
    expect(callsMade()).toBe(1);
    expect(reads.madeOf.get('messages')).toBe(3);

    await updateCustomerSettings(db, C, C, { name: 'Renamed Infirmary' });
    await frameWith('Renamed Infirmary');
    expect(reads.madeOf.get('voice')).toBe(2);
    expect(callsMade()).toBe(2);
    await attachment?.detach();
  });
});
