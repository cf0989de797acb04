import { BoardType } from '@careboard/contracts';
import pino from 'pino';
import type { SentFrame } from '../src/live/boards/board-publisher.ts';
import { BoardPublishers } from '../src/live/boards/board-publishers.ts';
import type { ShareRead } from '../src/live/boards/build-rows.ts';
import type { RefreshClocks } from '../src/live/boards/refresh-clocks.ts';
import { SharedReads } from '../src/live/boards/shared-reads.ts';
import type { ChangeFeed } from '../src/live/bus/change-feed.ts';
import type { Db } from '../src/store/database.ts';
import { findDisplayBoardConfig } from '../src/store/repositories/display-boards.ts';

/** Shared reads that count the reads asked for (by change or tick) and made (by change or tick, and by what they read). */
export class CountingReads extends SharedReads {
  readonly asked = new Map<string, number>();
  readonly made = new Map<string, number>();
  readonly madeOf = new Map<string, number>();

  override forChange(customerId: string, version: string): ShareRead {
    const share = super.forChange(customerId, version);
    return (key, read) => {
      this.asked.set(version, (this.asked.get(version) ?? 0) + 1);
      return share(key, () => {
        this.made.set(version, (this.made.get(version) ?? 0) + 1);
        this.madeOf.set(key, (this.madeOf.get(key) ?? 0) + 1);
        return read();
      });
    };
  }
}

/** A node's board publishers on a real store and change feed, with the given reads and refresh clocks. */
export function boardPublishersOn(
  db: Db,
  feed: ChangeFeed,
  reads: SharedReads,
  refresh: RefreshClocks,
): BoardPublishers {
  return new BoardPublishers({
    db,
    feed,
    findBoardConfig: (customerId, id) => findDisplayBoardConfig(db, customerId, id),
    log: pino({ level: 'silent' }),
    reads,
    refresh,
  });
}

/** A screen of a customer's patient board joining it on a node, its frames kept in `frames`. */
export function attachPatientBoard(
  publishers: BoardPublishers,
  customerId: string,
  boardId: number,
  frames: SentFrame[],
) {
  return publishers.attach(
    customerId,
    boardId,
    BoardType.Patient,
    null,
    (frame) => frames.push(frame),
    () => undefined,
  );
}
