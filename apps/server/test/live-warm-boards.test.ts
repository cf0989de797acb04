import { randomUUID } from 'node:crypto';
import { BoardType, type DisplayBoardConfig } from '@careboard/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentFrame } from '../src/live/boards/board-publisher.ts';
import { BoardPublishers } from '../src/live/boards/board-publishers.ts';
import { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { SharedReads } from '../src/live/boards/shared-reads.ts';
import { warmShownBoards } from '../src/live/boards/warm-boards.ts';
import { ChangeFeed } from '../src/live/bus/change-feed.ts';
import { postMessage } from '../src/services/post-message.ts';
import type { Db } from '../src/store/database.ts';
import { listBoardsShownOnNode } from '../src/store/repositories/device-presence.ts';
import { findDisplayBoardConfig, listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { attachPatientBoard } from './board-publishers-fixture.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';
import { eventually } from './presence-fixtures.ts';

const C = 'warm-boards';
const OTHER = 'warm-boards-other';
const log = pino({ level: 'silent' });
const node = randomUUID();
let db: Db;
let feed: ChangeFeed;
let boards: DisplayBoardConfig[];
let otherBoards: DisplayBoardConfig[];

const boardOf = (all: readonly DisplayBoardConfig[], type: number) => {
  const board = all.find((each) => each.display_board_type_id === type);
  if (!board) throw new Error(`The demo has a board of type ${type}.`);
  return board;
};

/** Screens of `customer` on `board`, claimed by `claimedBy` (null: offline), revoked or not. */
async function screens(
  customer: string,
  board: DisplayBoardConfig,
  count: number,
  claimedBy: string | null,
  revoked = false,
): Promise<void> {
  for (let n = 0; n < count; n += 1)
    await db
      .insertInto('devices')
      .values({
        customer_id: customer,
        name: `Screen ${board.id}.${n}${revoked ? ' (revoked)' : ''}`,
        display_board_id: board.id,
        online_node: claimedBy,
        online_until: claimedBy ? new Date('9999-01-01T00:00:00Z') : null,
        revoked_at: revoked ? new Date() : null,
      })
      .execute();
}

beforeAll(async () => {
  const domain = await openTestDomain();
  db = domain.db;
  await seedCustomer(db, C);
  await seedCustomer(db, OTHER);
  boards = await listDisplayBoardConfigs(db, C);
  otherBoards = await listDisplayBoardConfigs(db, OTHER);
  // The node held two screens of the patient board, one of the workflow board and one of another
  // customer's family board; a revoked screen's board, and a board another node holds, are not its.
  await screens(C, boardOf(boards, BoardType.Patient), 2, node);
  await screens(C, boardOf(boards, BoardType.Workflow), 1, node);
  await screens(OTHER, boardOf(otherBoards, BoardType.Family), 1, node);
  await screens(C, boardOf(boards, BoardType.AssetsParLevel), 1, node, true);
  await screens(C, boardOf(boards, BoardType.Family), 1, randomUUID());
  await screens(OTHER, boardOf(otherBoards, BoardType.Patient), 1, null);
  feed = new ChangeFeed(db, domain.url, log, 600_000);
  await feed.start();
});
afterAll(async () => {
  await feed.stop();
  await db.destroy();
});

/** A node's publishers whose config reads are counted per `customer:board`: one per opening. */
function countingPublishers(now?: () => Date) {
  const opened = new Map<string, number>();
  const publishers = new BoardPublishers({
    db,
    feed,
    findBoardConfig: (customerId, id) => {
      const key = `${customerId}:${id}`;
      opened.set(key, (opened.get(key) ?? 0) + 1);
      return findDisplayBoardConfig(db, customerId, id);
    },
    log,
    ...(now ? { now } : {}),
    reads: new SharedReads(),
    refresh: new RefreshClocks(600_000, () => 1),
  });
  return { publishers, opened };
}

describe('the boards a restarted node’s screens showed (LIVE-61)', () => {
  it('are the boards of the screens its node still names, one row each, of every customer, revoked screens not counted', async () => {
    const shown = (await listBoardsShownOnNode(db, node))
      .map((row) => `${row.customer_id}:${row.board_id}:${row.type}`)
      .sort();
    const row = (customer: string, board: DisplayBoardConfig) =>
      `${customer}:${board.id}:${board.display_board_type_id}`;
    const expected = [
      row(C, boardOf(boards, BoardType.Patient)),
      row(C, boardOf(boards, BoardType.Workflow)),
      row(OTHER, boardOf(otherBoards, BoardType.Family)),
    ];
    expect(shown).toEqual(expected.sort());
    expect(await listBoardsShownOnNode(db, randomUUID())).toEqual([]);
  });

  it('open before any screen comes back; a screen joins the open board, and the boards nobody came back to are let go after the hold', async () => {
    const { publishers, opened } = countingPublishers();
    const configWatched: string[] = [];
    const patient = boardOf(boards, BoardType.Patient);
    const workflow = boardOf(boards, BoardType.Workflow);
    const family = boardOf(otherBoards, BoardType.Family);
    const stop = warmShownBoards({
      db,
      node,
      boards: publishers,
      watchConfig: (customerId, boardId) => {
        configWatched.push(`${customerId}:${boardId}`);
        return () => configWatched.push(`unwatched ${customerId}:${boardId}`);
      },
      log,
      holdMs: 1_500,
    });
    const keys = [`${C}:${patient.id}`, `${C}:${workflow.id}`, `${OTHER}:${family.id}`];
    expect(await eventually(async () => keys.every((key) => opened.get(key) === 1), 5_000)).toBe(true);
    expect([...opened.keys()].sort()).toEqual([...keys].sort());
    expect([...configWatched].sort()).toEqual([...keys].sort());

    // A screen of the patient board comes back: the board is open already, and it gets its rows.
    const frames: SentFrame[] = [];
    const attachment = await attachPatientBoard(publishers, C, patient.id, frames);
    expect(attachment).toBeDefined();
    expect(opened.get(`${C}:${patient.id}`)).toBe(1);
    expect(frames[0]?.text).toContain('"kind":"snapshot"');

    // The hold ends: the config watches are let go, the patient board stays with its screen.
    expect(
      await eventually(
        async () => configWatched.filter((each) => each.startsWith('unwatched')).length === 3,
        5_000,
      ),
    ).toBe(true);
    await postMessage(db, C, { sender_type: 1, text: 'After the warm hold', display_board_id: patient.id });
    expect(
      await eventually(async () => frames.some((frame) => frame.text.includes('After the warm hold')), 5_000),
    ).toBe(true);
    expect(opened.get(`${C}:${patient.id}`)).toBe(1);

    // The workflow board, which no screen came back to, was let go: a screen now opens it anew.
    const late = await publishers.attach(
      C,
      workflow.id,
      BoardType.Workflow,
      null,
      () => undefined,
      () => undefined,
    );
    expect(opened.get(`${C}:${workflow.id}`)).toBe(2);
    await late?.detach();
    await attachment?.detach();
    await stop();
  });

  it('lets the boards go at once when the server closes, and holds nothing when the node held no screen', async () => {
    const { publishers, opened } = countingPublishers();
    const stop = warmShownBoards({
      db,
      node,
      boards: publishers,
      watchConfig: () => () => undefined,
      log,
    });
    const patient = boardOf(boards, BoardType.Patient);
    expect(await eventually(async () => opened.get(`${C}:${patient.id}`) === 1, 5_000)).toBe(true);
    await stop();
    const screen = await publishers.attach(
      C,
      patient.id,
      BoardType.Patient,
      null,
      () => undefined,
      () => undefined,
    );
    expect(opened.get(`${C}:${patient.id}`)).toBe(2);
    await screen?.detach();

    const fresh = countingPublishers();
    const none = warmShownBoards({
      db,
      node: randomUUID(),
      boards: fresh.publishers,
      watchConfig: () => () => undefined,
      log,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh.opened.size).toBe(0);
    await none();
  });
});

describe('a board opened with nobody watching it (LIVE-61)', () => {
  it('reads its rows again for its first screen once they are older than a refresh period, and not before', async () => {
    let ahead = 0;
    const { publishers } = countingPublishers(() => new Date(Date.now() + ahead));
    const patient = boardOf(boards, BoardType.Patient);
    const soon = (seconds: number) => new Date(Date.now() + seconds * 1_000).toISOString();
    await postMessage(db, C, {
      sender_type: 1,
      text: 'Gone in 5 s',
      display_board_id: patient.id,
      expires_at: soon(5),
    });
    await postMessage(db, C, {
      sender_type: 1,
      text: 'Gone in 60 s',
      display_board_id: patient.id,
      expires_at: soon(60),
    });
    const release = publishers.hold(C, patient.id, BoardType.Patient);
    const join = async () => {
      const frames: SentFrame[] = [];
      const attachment = await attachPatientBoard(publishers, C, patient.id, frames);
      await attachment?.detach();
      return frames[0]?.text ?? '';
    };
    // Opened and read now: both messages shown.
    expect(await join()).toContain('Gone in 5 s');
    // 10 s later, within the refresh period: the rows as read when it opened, as a watched board's until its tick.
    ahead = 10_000;
    const within = await join();
    expect(within).toContain('Gone in 5 s');
    expect(within).toContain('Gone in 60 s');
    // 120 s later, nobody having watched it: read again, the expired messages are gone.
    ahead = 120_000;
    const after = await join();
    expect(after).toContain('"kind":"snapshot"');
    expect(after).not.toContain('Gone in 5 s');
    expect(after).not.toContain('Gone in 60 s');
    await release();
  });
});
