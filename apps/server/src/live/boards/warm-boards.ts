import { isBoardTypeId } from '@careboard/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../store/database.ts';
import { listBoardsShownOnNode } from '../../store/repositories/device-presence.ts';
import type { BoardPublishers } from './board-publishers.ts';

/**
 * How long a restarted node holds the boards its screens showed with no screen on them: longer
 * than a screen's backoff while the node was down, and than the lease after which the screens that
 * did not come back are let go (LIVE-54).
 */
export const WARM_HOLD_MS = 30_000;

export interface WarmBoardsOptions {
  readonly db: Db;
  /** This process's presence node: the one its predecessor in its place had (LIVE-54). */
  readonly node: string;
  readonly boards: BoardPublishers;
  /** Follows a board's config as its screens' config subscriptions do; answers the unfollow. */
  readonly watchConfig: (customerId: string, boardId: number) => () => void;
  readonly log: Logger;
  readonly holdMs?: number;
}

/** Stops holding the boards (a closing server): the ones with screens stay with them. */
export type StopWarming = () => Promise<void>;

/**
 * A restarted node opens the boards its screens were showing, their content and their config,
 * before those screens come back (LIVE-61). The process is up a second or two before its screens'
 * retries find it, and idle meanwhile; a board left for its first screen to open would open in the
 * middle of the fleet's admissions, its reads queued behind theirs, and every screen of the board
 * would wait for it. The boards are held a while with no screen, then left to their screens.
 */
export function warmShownBoards(options: WarmBoardsOptions): StopWarming {
  const releases: (() => unknown)[] = [];
  let stopped = false;
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(releases.splice(0).map((release) => release()));
  };
  const timer = setTimeout(() => void stop(), options.holdMs ?? WARM_HOLD_MS);
  timer.unref();
  listBoardsShownOnNode(options.db, options.node).then(
    (shown) => {
      if (stopped) return;
      for (const { customer_id: customerId, board_id: boardId, type } of shown) {
        if (!isBoardTypeId(type)) continue;
        releases.push(options.boards.hold(customerId, boardId, type));
        releases.push(options.watchConfig(customerId, boardId));
      }
      if (shown.length > 0)
        options.log.info({ boards: shown.length }, 'opened the boards of the screens held here');
    },
    (error: unknown) =>
      options.log.warn(
        { reason: (error as Error).message },
        'reading the boards of the screens held here failed',
      ),
  );
  return stop;
}
