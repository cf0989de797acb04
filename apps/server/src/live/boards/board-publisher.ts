import type { BoardFrame, DisplayBoardConfig } from '@careboard/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.ts';
import { isDatabaseUnavailable } from '../../errors/database-errors.ts';
import type { ChangeRow } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import type { ChangeFeed } from '../bus/change-feed.ts';
import { type BuildRows, readAlone } from './build-rows.ts';
import { REFRESH_EVERY_MS, type RefreshClocks } from './refresh-clocks.ts';
import type { SharedReads } from './shared-reads.ts';

/** Frames kept for catch-up; a board further behind gets a snapshot. */
const HISTORY = 200;
/** After a failed evaluation (the database was unavailable), try again this soon. */
const RETRY_AFTER_MS = 2_000;

/** A frame as sent: its version, and its JSON text (serialized once for every subscriber). */
export interface SentFrame {
  readonly version: string;
  readonly text: string;
}

/** Frames made for one version and given to every screen joining at it, while someone holds them. */
interface AtVersion {
  readonly version: string;
  snapshot?: WeakRef<SentFrame>;
  upToDate?: WeakRef<SentFrame>;
}

/** The history: frames sent, and markers for versions handed out in snapshots (so catch-up can start there). */
interface HistoryEntry extends SentFrame {
  readonly marker: boolean;
}

/**
 * How a board's subscription ends when the board does not exist for the customer (or
 * no longer, or is of another type): the catalogue's not-found error, as REST says it.
 */
export function displayBoardNotFound(boardId: number): AppError<'ENTITY_NOT_FOUND'> {
  return new AppError('ENTITY_NOT_FOUND', { entity: 'Display board', id: boardId });
}

/** Reads a board's config for a customer; undefined when the customer has no such board. */
export type FindBoardConfig = (customerId: string, id: number) => Promise<DisplayBoardConfig | undefined>;

export type FrameListener = (frame: SentFrame) => void;
export type EndListener = (error: Error) => void;

export interface PublisherDeps {
  readonly db: Db;
  readonly feed: ChangeFeed;
  readonly findBoardConfig: FindBoardConfig;
  readonly log: Logger;
  readonly now?: () => Date;
  /** Reads shared by the boards evaluating the same change (LIVE-22); none: each reads alone. */
  readonly reads?: SharedReads;
  /** One refresh tick for all of a customer's boards, their reads shared (LIVE-32); none: a timer per board, reading alone. */
  readonly refresh?: RefreshClocks;
}

/**
 * One board's content on this node. A change that may touch the board is
 * evaluated once: the rows are read again, compared with the last ones, and
 * the difference becomes one frame, serialized once and handed to every
 * subscriber. Versions are `<change log version>.<n>`, growing with every frame.
 */
export class BoardPublisher {
  readonly customerId: string;
  readonly boardId: number;
  readonly #deps: PublisherDeps;
  readonly #build: BuildRows;
  readonly #rows = new Map<string, string>();
  readonly #history: HistoryEntry[] = [];
  readonly #listeners = new Map<FrameListener, EndListener>();
  #config: DisplayBoardConfig;
  #logVersion = '0';
  #tick = 0;
  #changedAt: string | null = null;
  #queue: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #leaveClock: (() => void) | undefined;
  /** Changes a failed evaluation (the database was unavailable) has yet to apply; retried soon. */
  #unapplied: ChangeRow[] = [];
  #retry: NodeJS.Timeout | undefined;
  /** Changes for an evaluation queued and not started yet: later ones join it (LIVE-22). */
  #waiting: { changes: ChangeRow[]; batchVersion: string } | undefined;
  /**
   * When the last read of the rows had its answer (ms since the epoch): a change made after it is
   * not in them (LIVE-56). Not when it was asked: on a busy node a read waits for a connection
   * for seconds, and a change made meanwhile is in its rows (LIVE-59).
   */
  #readEndedAt = 0;
  /** The time the rows were made for, on the board's clock (`deps.now`): how old they are for a joining screen. */
  #rowsAt = 0;
  /**
   * The snapshot and the "nothing missed" frame of the current version, made for the first screen
   * that joins at it and given as they are to the others (LIVE-40): after a restart every screen of
   * a board joins at the same version, and a snapshot, and its bytes, for each would be the same work
   * done again and again.
   * Held weakly: a board's snapshot is kilobytes, and nobody may join again for hours.
   */
  #atVersion: AtVersion = { version: '' };

  constructor(deps: PublisherDeps, build: BuildRows, config: DisplayBoardConfig, customerId: string) {
    this.#deps = deps;
    this.#build = build;
    this.#config = config;
    this.customerId = customerId;
    this.boardId = config.id;
  }

  get version(): string {
    return `${this.#logVersion}.${this.#tick}`;
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  /** Reads the board for the first time and starts following changes. */
  async start(): Promise<void> {
    // Following first: the rows are read after the version the changes start from, so a change
    // committed in between is read again, never lost.
    const [following, lastChange] = await Promise.allSettled([
      this.#deps.feed.follow(this.customerId, (rows) => {
        this.#deps.reads?.noteChanges(this.customerId, rows);
        const relevant = rows.filter((row) => row.board_ids === null || row.board_ids.includes(this.boardId));
        if (relevant.length > 0) this.#schedule(relevant, rows.at(-1)?.version ?? '0');
      }),
      this.#deps.feed.lastChangeAt(this.customerId, this.boardId),
    ]);
    if (following.status === 'rejected') throw following.reason;
    this.#unsubscribe = following.value.unsubscribe;
    const { version } = following.value;
    // A change heard while its last change's time was read was evaluated already: its version
    // stays, or the board would go back to the one before it and never be told of it (LIVE-57).
    if (BigInt(version) > BigInt(this.#logVersion)) this.#logVersion = version;
    try {
      if (lastChange.status === 'rejected') throw lastChange.reason;
      // The later of its last change read and the change evaluated meanwhile (ISO texts, both UTC).
      const lastChangedAt = lastChange.value?.toISOString() ?? null;
      if (lastChangedAt !== null && (this.#changedAt === null || lastChangedAt > this.#changedAt))
        this.#changedAt = lastChangedAt;
      // The boards of a customer starting from the same version (a restart) share their reads
      // (LIVE-34); in the queue, so a change arriving meanwhile is evaluated after it.
      const share = this.#deps.reads?.forChange(this.customerId, `start:${version}`) ?? readAlone;
      await this.#enqueue(async () => {
        const at = this.#now();
        const rows = await this.#build(this.#deps.db, this.customerId, this.#config, at, share);
        this.#readEndedAt = Date.now();
        this.#rowsAt = at.getTime();
        for (const row of rows) this.#rows.set(row.key, JSON.stringify(row));
      });
    } catch (error) {
      // Not started: it follows nothing.
      this.dispose();
      throw error;
    }
    if (this.#deps.refresh) {
      this.#leaveClock = this.#deps.refresh.join(this.customerId, (key) =>
        this.#enqueue(() => this.#evaluate([], key)),
      );
      return;
    }
    // Each board at its own moment of the 30 s: a node's boards, started together (a restart),
    // do not all read at once every 30 s (LIVE-22).
    const refresh = () => this.#enqueue(() => this.#evaluate([]));
    this.#timer = setTimeout(() => {
      refresh();
      this.#timer = setInterval(refresh, REFRESH_EVERY_MS);
      this.#timer.unref();
    }, Math.random() * REFRESH_EVERY_MS);
    this.#timer.unref();
  }

  /**
   * Adds a subscriber: first the frames it missed since `sinceVersion` (or a
   * snapshot when they are not all here), then every new frame.
   */
  join(listener: FrameListener, onEnd: EndListener, sinceVersion?: string | null): Promise<void> {
    // A board nobody watches skips its refresh ticks (one a restarted node opened before its screens
    // came back, LIVE-61): its first screen after a refresh period gets rows read again, not rows
    // older than a watched board's ever are (messages expired meanwhile, averages rolled over).
    if (this.#listeners.size === 0 && this.#now().getTime() - this.#rowsAt > REFRESH_EVERY_MS)
      this.#enqueue(() => this.#evaluate([], undefined, true));
    return this.#enqueue(async () => {
      const missed = sinceVersion ? this.#framesSince(sinceVersion) : undefined;
      if (!missed) {
        listener(this.#snapshot());
        this.#remember({ version: this.version, text: '', marker: true });
      } else {
        for (const frame of missed) listener(frame);
        // Nothing missed: say so, with the current version, so the board knows it is live.
        if (missed.length === 0) listener(this.#upToDate());
      }
      this.#listeners.set(listener, onEnd);
    });
  }

  /**
   * Sends one subscriber what it missed since `sinceVersion` (or a snapshot), in order with the
   * frames that follow: how a screen that fell behind (it stopped reading for a while and its
   * frames were not queued for it) catches up.
   */
  resync(listener: FrameListener, sinceVersion: string): Promise<void> {
    return this.#enqueue(async () => {
      if (!this.#listeners.has(listener)) return;
      const missed = this.#framesSince(sinceVersion);
      if (!missed) {
        listener(this.#snapshot());
        this.#remember({ version: this.version, text: '', marker: true });
        return;
      }
      for (const frame of missed) listener(frame);
    });
  }

  leave(listener: FrameListener): void {
    this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#unsubscribe?.();
    this.#leaveClock?.();
    clearTimeout(this.#timer);
    clearInterval(this.#timer);
    clearTimeout(this.#retry);
    this.#listeners.clear();
  }

  /** Ends every subscription (the board is gone or changed type). */
  end(error: Error): void {
    for (const onEnd of this.#listeners.values()) onEnd(error);
    this.#listeners.clear();
  }

  /** The frames after `version`, when the history reaches back to it; undefined otherwise. */
  #framesSince(version: string): SentFrame[] | undefined {
    if (version === this.version) return [];
    const index = this.#history.findIndex((entry) => entry.version === version);
    return index < 0 ? undefined : this.#history.slice(index + 1).filter((entry) => !entry.marker);
  }

  #remember(entry: HistoryEntry): void {
    if (entry.marker && this.#history.at(-1)?.version === entry.version) return;
    this.#history.push(entry);
    if (this.#history.length > HISTORY) this.#history.shift();
  }

  /** The rows change only with the version (a frame, or a change's version), so a frame made for it stays right until it moves. */
  #madeForVersion(kind: 'snapshot' | 'upToDate', make: () => SentFrame): SentFrame {
    if (this.#atVersion.version !== this.version) this.#atVersion = { version: this.version };
    const kept = this.#atVersion[kind]?.deref();
    if (kept) return kept;
    const made = make();
    this.#atVersion[kind] = new WeakRef(made);
    return made;
  }

  #snapshot(): SentFrame {
    return this.#madeForVersion('snapshot', () => this.#frame('snapshot', [...this.#rows.values()], []));
  }

  #upToDate(): SentFrame {
    return this.#madeForVersion('upToDate', () => this.#frame('changes', [], []));
  }

  /** Serializes a frame once; rows are already JSON text. */
  #frame(
    kind: BoardFrame<unknown>['kind'],
    upserts: readonly string[],
    removed: readonly string[],
  ): SentFrame {
    const head = JSON.stringify({ version: this.version, kind, changed_at: this.#changedAt, removed });
    return { version: this.version, text: `${head.slice(0, -1)},"upserts":[${upserts.join(',')}]}` };
  }

  /**
   * Evaluates changes once the board's queue reaches them; while an evaluation waits, later
   * changes join it, so a busy board is rebuilt once for all of them, not once each (LIVE-22).
   */
  #schedule(changes: readonly ChangeRow[], batchVersion: string): void {
    if (this.#waiting) {
      this.#waiting.changes.push(...changes);
      this.#waiting.batchVersion = batchVersion;
      return;
    }
    const waiting = { changes: [...changes], batchVersion };
    this.#waiting = waiting;
    this.#enqueue(() => {
      this.#waiting = undefined;
      return this.#evaluate(waiting.changes, waiting.batchVersion);
    });
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(work);
    this.#queue = next.catch((error: unknown) => {
      // During an outage the board keeps its rows and retries (see #evaluate): no stack per retry.
      if (isDatabaseUnavailable(error))
        this.#deps.log.warn({ boardId: this.boardId }, 'evaluating a board failed: database unavailable');
      else this.#deps.log.error({ err: error, boardId: this.boardId }, 'evaluating a board failed');
    });
    return next;
  }

  /**
   * Evaluates the changes with any a failed evaluation left. While the database is unavailable
   * the board keeps its last rows and subscribers; the changes are tried again every few seconds,
   * so they are applied once it answers, not only at the next change (decision FND-20).
   */
  async #evaluate(changes: readonly ChangeRow[], batchVersion?: string, unwatched = false): Promise<void> {
    const pending = [...this.#unapplied, ...changes];
    this.#unapplied = [];
    try {
      await this.#evaluateNow(pending, batchVersion, unwatched);
    } catch (error) {
      this.#unapplied = pending;
      if (!this.#retry) {
        this.#retry = setTimeout(() => {
          this.#retry = undefined;
          this.#enqueue(() => this.#evaluate([]));
        }, RETRY_AFTER_MS);
        this.#retry.unref();
      }
      throw error;
    }
  }

  /** `unwatched`: read even with no subscriber (one is joining a board whose rows are old). */
  async #evaluateNow(changes: readonly ChangeRow[], batchVersion?: string, unwatched = false): Promise<void> {
    if (this.#listeners.size === 0 && changes.length === 0 && !unwatched) return;
    if (changes.some((change) => change.entity === 'display_board' && change.entity_id === this.boardId)) {
      const config = await this.#deps.findBoardConfig(this.customerId, this.boardId);
      if (!config || config.display_board_type_id !== this.#config.display_board_type_id) {
        this.end(displayBoardNotFound(this.boardId));
        return;
      }
      this.#config = config;
    }
    const share =
      batchVersion && this.#deps.reads
        ? this.#deps.reads.forChange(this.customerId, batchVersion)
        : readAlone;
    const readBefore = this.#readEndedAt;
    const at = this.#now();
    const rows = await this.#build(this.#deps.db, this.customerId, this.#config, at, share);
    this.#readEndedAt = Date.now();
    this.#rowsAt = at.getTime();
    const upserts: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const text = JSON.stringify(row);
      seen.add(row.key);
      if (this.#rows.get(row.key) !== text) {
        upserts.push(text);
        this.#rows.set(row.key, text);
      }
    }
    const removed = [...this.#rows.keys()].filter((key) => !seen.has(key));
    for (const key of removed) this.#rows.delete(key);
    const newest = changes.at(-1);
    if (newest) {
      this.#logVersion = newest.version;
      this.#tick = 0;
      this.#changedAt = newest.created_at.toISOString();
    }
    if (upserts.length === 0 && removed.length === 0) {
      // A change made before the board's last read had its answer, and heard only now (a busy
      // node): that read may have shown it already, under the version before it. Its screens
      // still learn the version and time, as the screens of a node that heard it first do (LIVE-56,
      // LIVE-59). Changes all made later that alter none of the board's rows send nothing.
      if (changes.some((change) => change.created_at.getTime() <= readBefore))
        this.#publish(this.#upToDate());
      return;
    }
    if (!newest) this.#tick += 1;
    this.#publish(this.#frame('changes', upserts, removed));
  }

  /** A frame to every subscriber, and into the history a resubscription catches up from. */
  #publish(frame: SentFrame): void {
    this.#remember({ ...frame, marker: false });
    for (const listener of this.#listeners.keys()) listener(frame);
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }
}
