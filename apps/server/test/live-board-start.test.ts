import { setTimeout as sleep } from 'node:timers/promises';
import { BoardType, type DisplayBoardConfig } from '@careboard/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SentFrame } from '../src/live/boards/board-publisher.ts';
import { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { createDisplayBoard } from '../src/services/create-display-board.ts';
import { postMessage } from '../src/services/post-message.ts';
import { createBoardConfigLoader } from '../src/store/board-config-loader.ts';
import type { Db } from '../src/store/database.ts';
import { findDisplayBoardConfig, listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { boardPublishersOn, CountingReads } from './board-publishers-fixture.ts';
import { countingStatements } from './counting-statements.ts';
import { findLastChangeAt, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const A = 'start-a';
const B = 'start-b';
let db: Db;
let feed: ChangeFeed;
/** Each customer's boards: the demo's four, and a copy of each (same scope, as on two floors). */
const boardsOf = new Map<string, DisplayBoardConfig[]>();

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  for (const customerId of [A, B]) {
    await seedCustomer(db, customerId);
    for (const config of await listDisplayBoardConfigs(db, customerId)) {
      const { id: _id, department, ...fields } = config;
      await createDisplayBoard(db, customerId, {
        ...fields,
        name: `${config.name} (copy)`,
        department_id: department.id,
      });
    }
    boardsOf.set(customerId, await listDisplayBoardConfigs(db, customerId));
  }
  // A change for one board only, so boards' last changes differ.
  await postMessage(db, A, {
    sender_type: 1,
    text: 'For one board',
    display_board_id: boardsOf.get(A)?.[0]?.id,
  });
  feed = new ChangeFeed(db, domain.url, pino({ level: 'silent' }), 600_000);
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await db.destroy();
});

describe('boards starting together (a restart) share their reads (LIVE-34)', () => {
  it('reads configs asked for within a few ms in one query per customer, never another customer’s', async () => {
    const counting = countingStatements();
    const load = createBoardConfigLoader(db.withPlugin(counting));
    const boardsA = boardsOf.get(A) ?? [];
    const boardsB = boardsOf.get(B) ?? [];
    const asked = [
      ...boardsA.map((board) => [A, board.id] as const),
      ...boardsB.map((board) => [B, board.id] as const),
      // Another customer's board, and one that is not there at all.
      [A, boardsB[0]?.id ?? 0] as const,
      [B, 999_999] as const,
    ];
    const loaded = await Promise.all(asked.map(([customerId, id]) => load(customerId, id)));

    expect(counting.count).toBe(2);
    const expected = await Promise.all(
      asked.map(([customerId, id]) => findDisplayBoardConfig(db, customerId, id)),
    );
    expect(loaded).toEqual(expected);
    expect(loaded.slice(-2)).toEqual([undefined, undefined]);
    expect(loaded.filter(Boolean)).toHaveLength(boardsA.length + boardsB.length);
  });

  it('asks the version once per customer, reads the last changes together and shares the first rows', async () => {
    const reads = new CountingReads();
    const versions = vi.spyOn(feed, 'currentVersion');
    const publishers = boardPublishersOn(db, feed, reads, new RefreshClocks(600_000, () => 1));
    const boards = boardsOf.get(A) ?? [];
    const frames = new Map<number, SentFrame[]>(boards.map((board) => [board.id, []]));
    const attachments = await Promise.all(
      boards.map((board) =>
        publishers.attach(
          A,
          board.id,
          board.display_board_type_id,
          null,
          (frame) => frames.get(board.id)?.push(frame),
          () => undefined,
        ),
      ),
    );

    // One version read for the customer, however many boards started.
    expect(versions).toHaveBeenCalledTimes(1);
    versions.mockRestore();
    const current = await feed.currentVersion(A);
    const [startKey, ...others] = [...reads.asked.keys()];
    expect(startKey).toBe(`start:${current}`);
    expect(others).toEqual([]);
    // Copies of a board read nothing of their own: every read is shared with its original.
    expect(reads.made.get(startKey ?? '')).toBeLessThanOrEqual((reads.asked.get(startKey ?? '') ?? 0) / 2);
    for (const board of boards) {
      const snapshot = JSON.parse(frames.get(board.id)?.[0]?.text ?? '{}');
      expect(snapshot).toMatchObject({ kind: 'snapshot', version: `${current}.0` });
      // The last change each board shows, read for all of them at once, is each one's own.
      const last = await findLastChangeAt(db, A, board.id);
      expect(snapshot.changed_at).toBe(last?.toISOString() ?? null);
    }

    // Changes after the shared start reach every board.
    await postMessage(db, A, { sender_type: 1, text: 'After the start' });
    const patientBoards = boards.filter((board) => board.display_board_type_id === BoardType.Patient);
    expect(patientBoards).toHaveLength(2);
    for (let waited = 0; waited < 10_000; waited += 20) {
      if (
        patientBoards.every((board) => frames.get(board.id)?.some((f) => f.text.includes('After the start')))
      )
        break;
      await sleep(20);
    }
    for (const board of patientBoards)
      expect(frames.get(board.id)?.some((frame) => frame.text.includes('After the start'))).toBe(true);
    await Promise.all(attachments.map((attachment) => attachment?.detach()));
  });

  it('misses no change committed while the boards start', async () => {
    const publishers = boardPublishersOn(db, feed, new CountingReads(), new RefreshClocks(600_000, () => 1));
    const boards = (boardsOf.get(B) ?? []).filter(
      (board) => board.display_board_type_id === BoardType.Patient,
    );
    const frames = new Map<number, SentFrame[]>(boards.map((board) => [board.id, []]));
    const [attachments] = await Promise.all([
      Promise.all(
        boards.map((board) =>
          publishers.attach(
            B,
            board.id,
            BoardType.Patient,
            null,
            (frame) => frames.get(board.id)?.push(frame),
            () => undefined,
          ),
        ),
      ),
      postMessage(db, B, { sender_type: 1, text: 'During the start' }),
    ]);
    const shows = (id: number) => frames.get(id)?.some((frame) => frame.text.includes('During the start'));
    for (let waited = 0; waited < 10_000 && !boards.every((board) => shows(board.id)); waited += 20)
      await sleep(20);
    for (const board of boards) expect(shows(board.id)).toBe(true);
    await Promise.all(attachments.map((attachment) => attachment?.detach()));
  });
});

describe('screens joining a board at the same version (LIVE-40)', () => {
  it('get one snapshot, or one "nothing missed" frame, made once; a later version gets new ones', async () => {
    const publishers = boardPublishersOn(db, feed, new CountingReads(), new RefreshClocks(600_000, () => 1));
    const board = (boardsOf.get(A) ?? []).find((each) => each.display_board_type_id === BoardType.Patient);
    if (!board) throw new Error('The demo has a patient board.');
    const join = async (sinceVersion: string | null) => {
      const frames: SentFrame[] = [];
      const attachment = await publishers.attach(
        A,
        board.id,
        BoardType.Patient,
        sinceVersion,
        (frame) => frames.push(frame),
        () => undefined,
      );
      return { frames, attachment };
    };
    const first = await join(null);
    const second = await join(null);
    const snapshot = first.frames[0];
    expect(JSON.parse(snapshot?.text ?? '{}')).toMatchObject({ kind: 'snapshot' });
    expect(second.frames[0]).toBe(snapshot);

    const version = snapshot?.version ?? '';
    const upToDate = [await join(version), await join(version)];
    expect(JSON.parse(upToDate[0]?.frames[0]?.text ?? '{}')).toMatchObject({
      kind: 'changes',
      version,
      upserts: [],
    });
    expect(upToDate[1]?.frames[0]).toBe(upToDate[0]?.frames[0]);

    await postMessage(db, A, { sender_type: 1, text: 'A later version', display_board_id: board.id });
    for (let waited = 0; waited < 10_000 && first.frames.length < 2; waited += 20) await sleep(20);
    const later = await join(null);
    expect(later.frames[0]).not.toBe(snapshot);
    expect(later.frames[0]?.version).toBe(first.frames[1]?.version);
    expect(later.frames[0]?.text).toContain('A later version');
    for (const joined of [first, second, ...upToDate, later]) await joined.attachment?.detach();
  });
});
