import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/store/database.ts';
import { pruneFeedMessages } from '../src/store/feed-message-pruning.ts';
import { storeFeedMessage } from '../src/store/repositories/feed-messages.ts';
import type { FeedMessageStatus } from '../src/store/tables/feeds.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

let db: Db;
beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, 'acme');
});
afterAll(async () => {
  await db?.destroy();
});

const NOW = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function message(controlId: string, status: FeedMessageStatus, days: number): Promise<void> {
  const { message: stored } = await storeFeedMessage(db, {
    customer_id: 'acme',
    feed: 'hl7',
    transport: 'mllp',
    control_id: controlId,
    body: 'MSH|…',
  });
  await db
    .updateTable('feed_messages')
    .set({ status, received_at: daysAgo(days) } as never)
    .where('id', '=', stored.id)
    .execute();
}

describe('pruning the feeds’ stored messages (FEED-07, BOF-55)', () => {
  it('drops settled messages after a week and the others after a month unless set, keeps the rest', async () => {
    await message('applied-old', 'applied', 8);
    await message('duplicate-old', 'duplicate', 8);
    await message('applied-new', 'applied', 6);
    await message('error-8', 'error', 8);
    await message('rejected-31', 'rejected', 31);
    await message('received-old', 'received', 40);
    await message('received-new', 'received', 20);

    expect(await pruneFeedMessages(db, NOW, 1)).toBe(4);

    // A message never settled (its node died) goes after the month too: its body holds names.
    const left = await db.selectFrom('feed_messages').select('control_id').orderBy('id').execute();
    expect(left.map((row) => row.control_id)).toEqual(['applied-new', 'error-8', 'received-new']);
  });

  it('finds a repeated control id as the stored message', async () => {
    const first = await storeFeedMessage(db, {
      customer_id: 'acme',
      feed: 'hl7',
      transport: 'mllp',
      control_id: 'twice',
      body: 'one',
    });
    const again = await storeFeedMessage(db, {
      customer_id: 'acme',
      feed: 'hl7',
      transport: 'mllp',
      control_id: 'twice',
      body: 'two',
    });
    expect(first.repeated).toBe(false);
    expect(again).toMatchObject({ repeated: true, message: { id: first.message.id } });
  });
});
