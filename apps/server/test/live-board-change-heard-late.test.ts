import { setTimeout as sleep } from 'node:timers/promises';
import { BoardType } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentFrame } from '../src/live/boards/board-publisher.ts';
import type { ShareRead } from '../src/live/boards/build-rows.ts';
import { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { SharedReads } from '../src/live/boards/shared-reads.ts';
import type { ChangeFeed, ChangeListener } from '../src/live/bus/change-feed.ts';
import { postMessage } from '../src/services/post-message.ts';
import { findCurrentVersion, listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { attachPatientBoard, boardPublishersOn } from './board-publishers-fixture.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'heard-late';
let db: Db;

beforeAll(async () => {
  db = (await openTestDomain()).db;
  await seedCustomer(db, C);
});
afterAll(async () => {
  await db.destroy();
});

/**
 * A node's change feed that hands over the customer's changes only when told: how a busy node
 * (a restart's) hears a change seconds after it was committed.
 */
function lateFeed(version: string, lastChangeAt: () => Promise<Date | null> = async () => null) {
  let listener: ChangeListener | undefined;
  const feed = {
    follow: async (_customerId: string, follower: ChangeListener) => {
      listener = follower;
      return { version, unsubscribe: () => undefined };
    },
    lastChangeAt,
  } as unknown as ChangeFeed;
  return {
    feed,
    following: () => listener !== undefined,
    hear: (rows: Parameters<ChangeListener>[0]) => listener?.(rows),
  };
}

async function patientBoard() {
  const board = (await listDisplayBoardConfigs(db, C)).find(
    (each) => each.display_board_type_id === BoardType.Patient,
  );
  if (!board) throw new Error('The demo has a patient board.');
  return board;
}

describe('a change a board read before its node heard it (LIVE-56)', () => {
  it('still reaches the board’s screens, as a frame of its version with no rows; a later one that alters nothing does not', async () => {
    const board = await patientBoard();
    const before = await findCurrentVersion(db, C);
    const { feed, hear } = lateFeed(before);
    // Committed before the board starts, heard after it: its start reads the message already.
    await postMessage(db, C, { sender_type: 1, text: 'Read before heard', display_board_id: board.id });
    const publishers = boardPublishersOn(db, feed, new SharedReads(), new RefreshClocks(600_000, () => 1));
    const frames: SentFrame[] = [];
    const attachment = await attachPatientBoard(publishers, C, board.id, frames);
    expect(frames[0]?.version).toBe(`${before}.0`);
    expect(frames[0]?.text).toContain('Read before heard');

    const rows = await listChangesSince(db, C, before);
    const heard = rows.at(-1)?.version ?? '';
    expect(rows.length).toBeGreaterThan(0);
    hear(rows);
    for (let waited = 0; waited < 5_000 && frames.length < 2; waited += 20) await sleep(20);
    // Its rows did not move, but its screens know which change they show, and when it was made.
    expect(frames[1]?.version).toBe(`${heard}.0`);
    const frame = JSON.parse(frames[1]?.text ?? '{}') as Record<string, unknown>;
    expect(frame).toMatchObject({ kind: 'changes', version: `${heard}.0`, upserts: [], removed: [] });
    expect(frame.changed_at).toBe(rows.at(-1)?.created_at.toISOString());

    // A change made after the board's last read that alters none of its rows sends nothing.
    await sleep(5);
    hear([
      {
        version: String(Number(heard) + 1),
        customer_id: C,
        entity: 'visit',
        entity_id: 999_999,
        action: 'update',
        board_ids: [board.id],
        created_at: new Date(),
      },
    ]);
    await sleep(500);
    expect(frames).toHaveLength(2);
    await attachment?.detach();
  });
});

describe('a change heard while a board starts (LIVE-57)', () => {
  it('keeps its version and time: the board does not go back to the version before it', async () => {
    const board = await patientBoard();
    const before = await findCurrentVersion(db, C);
    await postMessage(db, C, { sender_type: 1, text: 'Heard while starting', display_board_id: board.id });
    const rows = await listChangesSince(db, C, before);
    const heard = rows.at(-1)?.version ?? '';
    // The board's last change time is slow to come (a restart's busy database); the change is
    // heard meanwhile, and evaluated before the board's own first read.
    let answer: (at: Date | null) => void = () => undefined;
    const late = lateFeed(before, () => new Promise((resolve) => (answer = resolve)));
    const publishers = boardPublishersOn(
      db,
      late.feed,
      new SharedReads(),
      new RefreshClocks(600_000, () => 1),
    );
    const frames: SentFrame[] = [];
    const attaching = attachPatientBoard(publishers, C, board.id, frames);
    for (let waited = 0; waited < 5_000 && !late.following(); waited += 10) await sleep(10);
    late.hear(rows);
    await sleep(300);
    answer(new Date(Date.parse(rows.at(-1)?.created_at.toISOString() ?? '') - 60_000));
    const attachment = await attaching;
    const snapshot = JSON.parse(frames[0]?.text ?? '{}') as Record<string, unknown>;
    expect(snapshot).toMatchObject({ kind: 'snapshot', version: `${heard}.0` });
    expect(snapshot.changed_at).toBe(rows.at(-1)?.created_at.toISOString());
    expect(frames[0]?.text).toContain('Heard while starting');
    await attachment?.detach();
  });
});

describe('a change made while a board’s read waited for the database (LIVE-59)', () => {
  it('is in the rows that read answers, and its screens still learn its version', async () => {
    const board = await patientBoard();
    const before = await findCurrentVersion(db, C);
    const { feed, hear } = lateFeed(before);
    // The start's read is asked, then held (a busy pool), while the change is made and committed.
    let asked: () => void = () => undefined;
    let go: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    const held = new Promise<void>((resolve) => (go = resolve));
    class HeldReads extends SharedReads {
      override forChange(customerId: string, version: string): ShareRead {
        const share = super.forChange(customerId, version);
        return (key, read) =>
          share(key, async () => {
            asked();
            await held;
            return read();
          });
      }
    }
    const publishers = boardPublishersOn(db, feed, new HeldReads(), new RefreshClocks(600_000, () => 1));
    const frames: SentFrame[] = [];
    const attaching = attachPatientBoard(publishers, C, board.id, frames);
    await wasAsked;
    await sleep(5);
    await postMessage(db, C, { sender_type: 1, text: 'Made while read waited', display_board_id: board.id });
    go();
    const attachment = await attaching;
    expect(frames[0]?.version).toBe(`${before}.0`);
    expect(frames[0]?.text).toContain('Made while read waited');

    const rows = await listChangesSince(db, C, before);
    const heard = rows.at(-1)?.version ?? '';
    hear(rows);
    for (let waited = 0; waited < 5_000 && frames.length < 2; waited += 20) await sleep(20);
    expect(JSON.parse(frames[1]?.text ?? '{}')).toMatchObject({
      kind: 'changes',
      version: `${heard}.0`,
      upserts: [],
      removed: [],
    });
    await attachment?.detach();
  });
});
