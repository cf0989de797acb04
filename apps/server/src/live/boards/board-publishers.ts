import { BoardType, type BoardTypeId } from '@careboard/contracts';
import { Repeater } from '@repeaterjs/repeater';
import { buildAssetsRows } from './assets-rows.ts';
import {
  BoardPublisher,
  displayBoardNotFound,
  type FrameListener,
  type PublisherDeps,
} from './board-publisher.ts';
import type { BuildRows } from './build-rows.ts';
import { buildFamilyRows } from './family-rows.ts';
import { buildPatientRows } from './patient-rows.ts';
import { buildWorkflowRows } from './workflow-rows.ts';

const builders: Readonly<Record<BoardTypeId, BuildRows>> = Object.freeze({
  [BoardType.Workflow]: buildWorkflowRows,
  [BoardType.Family]: buildFamilyRows,
  [BoardType.Patient]: buildPatientRows,
  [BoardType.AssetsParLevel]: buildAssetsRows,
});

/** A subscriber joined to a board's publisher: frames go to its listener until detached. */
export interface BoardAttachment {
  /** Sends what the subscriber missed since `sinceVersion` (or a snapshot). */
  resync(sinceVersion: string): Promise<void>;
  detach(): Promise<void>;
}

interface Entry {
  readonly publisher: Promise<BoardPublisher | undefined>;
  readonly type: BoardTypeId;
  holders: number;
}

/**
 * The node's board publishers: one per board with subscribers, shared by all
 * of them, disposed when the last one leaves.
 */
export class BoardPublishers {
  readonly #deps: PublisherDeps;
  readonly #entries = new Map<string, Entry>();

  constructor(deps: PublisherDeps) {
    this.#deps = deps;
  }

  /**
   * A board's frames as JSON text. A board that does not exist for the
   * customer, or is of another type, ends with the catalogue's not-found error
   * (ENTITY_NOT_FOUND for the display board, as REST answers it).
   */
  subscribe(
    customerId: string,
    boardId: number,
    type: BoardTypeId,
    sinceVersion?: string | null,
  ): Repeater<string> {
    return new Repeater<string>(async (push, stop) => {
      const key = `${customerId}:${boardId}`;
      const entry = this.#acquire(key, customerId, boardId, type);
      try {
        const publisher = entry.type === type ? await entry.publisher : undefined;
        if (!publisher) {
          stop(displayBoardNotFound(boardId));
          return;
        }
        const listener: FrameListener = (frame) => void push(frame.text);
        await publisher.join(listener, (error) => stop(error), sinceVersion);
        await stop;
        publisher.leave(listener);
      } catch (error) {
        stop(error);
      } finally {
        await this.#release(key, entry);
      }
    });
  }

  /**
   * Joins a board's frames without an iterator: `listener` gets the catch-up (or a snapshot), then
   * every new frame; `onEnd` the not-found error when the board is (or goes) away. Undefined when
   * the board is not there for the customer, or not of this type (nothing stays attached).
   */
  async attach(
    customerId: string,
    boardId: number,
    type: BoardTypeId,
    sinceVersion: string | null | undefined,
    listener: FrameListener,
    onEnd: (error: Error) => void,
  ): Promise<BoardAttachment | undefined> {
    const key = `${customerId}:${boardId}`;
    const entry = this.#acquire(key, customerId, boardId, type);
    let publisher: BoardPublisher | undefined;
    try {
      publisher = entry.type === type ? await entry.publisher : undefined;
      if (publisher) await publisher.join(listener, onEnd, sinceVersion);
    } catch (error) {
      await this.#release(key, entry);
      throw error;
    }
    if (!publisher) {
      await this.#release(key, entry);
      return undefined;
    }
    const joined = publisher;
    let detached = false;
    return {
      resync: (since) => joined.resync(listener, since),
      detach: async () => {
        if (detached) return;
        detached = true;
        joined.leave(listener);
        await this.#release(key, entry);
      },
    };
  }

  /**
   * Opens a board's publisher with no subscriber, kept until the answer is called (LIVE-61): a
   * restarted node starts the boards its screens showed before they come back. A board not there
   * (or of another type) is let go when its open ends; a failed open is left to the next subscriber.
   */
  hold(customerId: string, boardId: number, type: BoardTypeId): () => Promise<void> {
    const key = `${customerId}:${boardId}`;
    const entry = this.#acquire(key, customerId, boardId, type);
    let released = false;
    const release = () => {
      if (released) return Promise.resolve();
      released = true;
      return this.#release(key, entry);
    };
    // Not there, or not opened (the database unavailable): let go now, so the next subscriber opens it anew.
    entry.publisher.then(
      async (publisher) => {
        if (publisher === undefined) await release();
      },
      () => release(),
    );
    return release;
  }

  #acquire(key: string, customerId: string, boardId: number, type: BoardTypeId): Entry {
    const existing = this.#entries.get(key);
    if (existing) {
      existing.holders += 1;
      return existing;
    }
    const entry: Entry = { type, holders: 1, publisher: this.#open(customerId, boardId, type) };
    this.#entries.set(key, entry);
    return entry;
  }

  async #open(customerId: string, boardId: number, type: BoardTypeId): Promise<BoardPublisher | undefined> {
    const config = await this.#deps.findBoardConfig(customerId, boardId);
    if (!config || config.display_board_type_id !== type) return undefined;
    const publisher = new BoardPublisher(this.#deps, builders[type], config, customerId);
    await publisher.start();
    return publisher;
  }

  async #release(key: string, entry: Entry): Promise<void> {
    entry.holders -= 1;
    if (entry.holders > 0) return;
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
    const customerOf = (each: string) => each.slice(0, each.lastIndexOf(':'));
    const customerId = customerOf(key);
    // The customer's last board here: nothing hears its changes now, so nothing of it is kept (LIVE-36).
    if (![...this.#entries.keys()].some((other) => customerOf(other) === customerId))
      this.#deps.reads?.forget(customerId);
    (await entry.publisher.catch(() => undefined))?.dispose();
  }
}
