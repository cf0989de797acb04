import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { LiveCloseCode } from '@careboard/contracts';
import DataLoader from 'dataloader';
import type { Logger } from 'pino';
import type { Principal } from '../../identity/verify-access-token.ts';
import {
  keepDevicesOnline,
  keepHeldOnline,
  markDeviceOfflineNow,
  noteAppVersion,
  releaseScreensNotHeld,
  renewPresenceLease,
  sweepLapsedPresence,
} from '../../services/devices/device-presence.ts';
import type { ChangeRow } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import type { LoadDeviceState } from '../../store/device-state-loader.ts';
import type { ChangeFeed } from '../bus/change-feed.ts';
import type { Closer, Refusal } from '../live-identity.ts';
import { eachOf, type OneOrMore, withOne, withoutOne } from '../one-or-more.ts';
import { inParts, runSpread } from './heartbeat-parts.ts';
import type { Release, ScreenReport } from './hold-device.ts';

/** How often a node renews its presence lease (BOF-43, LIVE-53). */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** How long connecting screens are gathered before they come online together. */
const COME_ONLINE_GATHER_MS = 50;
/** A node's screens stay online this long after it last renewed its lease: two heartbeats may be missed. */
export const PRESENCE_TTL_MS = 12_000;
/** Devices looked at by one statement of the heartbeat. */
const HEARTBEAT_PART = 500;
/** The heartbeat's statements start evenly over this share of its interval (LIVE-45). */
const HEARTBEAT_SPREAD = 0.8;
/**
 * Every this many beats (a minute) the heartbeat looks at every screen held here (LIVE-53): a
 * screen let go by another node, or swept, is claimed back at once from its presence change, so
 * this look is the backstop for a change this node did not hear (a feed reconnect).
 */
const FULL_LOOK_EVERY = 12;

interface BoardWatch {
  readonly boardId: number;
  readonly end: () => void;
}

/** Why a revoked screen's connections close: its token is no longer good, renew it (BOF-46). */
export const DEVICE_REVOKED: Refusal = Object.freeze({
  code: LiveCloseCode.Unauthorized,
  reason: 'Device revoked',
});

export interface DevicePresenceOptions {
  readonly db: Db;
  readonly feed: ChangeFeed;
  readonly log: Logger;
  readonly heartbeatMs?: number;
  /** Device states read in batches (LIVE-20). */
  readonly loadState: LoadDeviceState;
  readonly ttlMs?: number;
  /**
   * This process's presence node: the same for a process restarted in the same place (LIVE-54,
   * `presenceNodeId`); a random one, never reused, when not given.
   */
  readonly node?: string;
}

/**
 * The live connections of screens on this node (graphql-ws and sockets): a screen with one is
 * online, claimed by this node, whose lease the database holds and it renews every few seconds
 * (LIVE-53), and offline as soon as its last one here closes (BOF-43). A revoked screen may not
 * connect, and its open connections close as soon as this node reads the revocation from the
 * change feed, whichever node revoked it (BOF-46).
 */
export class DevicePresence {
  readonly #db: Db;
  readonly #feed: ChangeFeed;
  readonly #log: Logger;
  readonly #ttlMs: number;
  readonly #heartbeatMs: number;
  readonly #loadState: LoadDeviceState;
  /** customer → device → the closers of its connections here. */
  readonly #held = new Map<string, Map<number, OneOrMore<Closer>>>();
  readonly #unsubscribe = new Map<string, Promise<() => void>>();
  /** `customer:device` → the board content subscriptions of it here, with their board, to end on a move (BOF-44). */
  readonly #boardWatches = new Map<string, OneOrMore<BoardWatch>>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** A beat still running when the next is due (a slow database): the next is skipped, the lease outlives it. */
  #beating = false;
  /** This node's presence lease (LIVE-53), kept by a process restarted in its place (LIVE-54). */
  readonly #node: string;
  /** When this process started holding screens: its predecessor's unclaimed ones are let go a lease later. */
  #startedAt = 0;
  /** Whether the screens this node's predecessor held and that did not come back were let go (a random node has none). */
  #tookOver: boolean;
  /** The lease taken before the first screen is claimed; renewed by every beat after. */
  #leased: Promise<void> | undefined;
  #beats = 0;
  /** Screens connecting within a few ms come online in one transaction, of all their customers (LIVE-20, LIVE-27). */
  readonly #comeOnline = new DataLoader<{ customerId: string; id: number }, void, string>(
    async (keys) => {
      const byCustomer = new Map<string, number[]>();
      for (const { customerId, id } of keys) {
        const ids = byCustomer.get(customerId) ?? [];
        ids.push(id);
        byCustomer.set(customerId, ids);
      }
      await this.#keepOnline(byCustomer);
      return keys.map(() => undefined);
    },
    {
      cache: false,
      cacheKeyFn: ({ customerId, id }) => `${id}@${customerId}`,
      batchScheduleFn: (callback) => setTimeout(callback, COME_ONLINE_GATHER_MS),
      maxBatchSize: 2_000,
    },
  );

  constructor(options: DevicePresenceOptions) {
    this.#db = options.db;
    this.#feed = options.feed;
    this.#log = options.log;
    this.#ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
    this.#heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
    this.#loadState = options.loadState;
    this.#node = options.node ?? randomUUID();
    this.#tookOver = options.node === undefined;
  }

  /**
   * Starts the heartbeat, and renews the lease at once: a process restarted in its place keeps its
   * predecessor's screens online while they come back (LIVE-54).
   */
  start(): void {
    this.#startedAt = performance.now();
    this.#timer = setInterval(() => void this.#beat(), this.#heartbeatMs);
    this.#timer.unref();
    this.#takeLease().catch((error: unknown) =>
      this.#log.warn({ reason: (error as Error).message }, 'renewing the presence lease failed'),
    );
  }

  /** Stops the heartbeat (shutting down): the lease of the screens held here runs out unless they reconnect elsewhere. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
  }

  /**
   * A live connection opened: a person's is not a screen's (nothing to do); a screen's is
   * refused when its device is revoked or gone, otherwise held, and its device online with the
   * next come-online batch (within tens of milliseconds; LIVE-49).
   */
  async open(principal: Principal, close: Closer, seen: ScreenReport = {}): Promise<Refusal | Release> {
    const deviceId = principal.deviceId;
    if (deviceId === undefined) return () => undefined;
    const { customerId } = principal;
    const state = await this.#loadState(customerId, deviceId).catch(() => null);
    // The database could not say: a retryable refusal, as for the token itself (LIVE-12).
    if (state === null) return { code: LiveCloseCode.TryAgainLater, reason: 'Try again later' };
    if (!state || state.revoked_at) return DEVICE_REVOKED;
    // Before coming online, so the one change row that says so carries the release too.
    if (seen.appVersion && seen.appVersion !== state.app_version)
      await noteAppVersion(this.#db, customerId, deviceId, seen.appVersion).catch((error: unknown) =>
        this.#log.warn({ reason: (error as Error).message, deviceId }, 'noting a screen release failed'),
      );
    this.#hold(customerId, deviceId, close);
    this.#subscribe(customerId);
    // Online in the database with the next batch, but the connection is not kept waiting for it:
    // a batch's transaction waits for the change log's lock of each of its customers, and after a
    // restart the screens' acknowledgements waited seconds behind one batch after another (LIVE-49).
    const online = this.#comeOnline.load({ customerId, id: deviceId }).catch(() => undefined);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // After it came online, so a connection that closes at once leaves its screen offline.
      void online.then(() => this.#release(customerId, deviceId, close));
    };
  }

  /**
   * Calls `end` once the device, held here, is moved to another board (or revoked): read from its
   * change as it reaches this node's feed, whichever node made it, instead of a check per frame.
   */
  watchBoard(customerId: string, deviceId: number, boardId: number, end: () => void): () => void {
    const key = `${customerId}:${deviceId}`;
    const watch: BoardWatch = { boardId, end };
    this.#boardWatches.set(key, withOne(this.#boardWatches.get(key), watch));
    return () => {
      const left = withoutOne(this.#boardWatches.get(key), watch);
      if (left === undefined) this.#boardWatches.delete(key);
      else this.#boardWatches.set(key, left);
    };
  }

  #hold(customerId: string, deviceId: number, close: Closer): void {
    let devices = this.#held.get(customerId);
    if (!devices) {
      devices = new Map();
      this.#held.set(customerId, devices);
    }
    devices.set(deviceId, withOne(devices.get(deviceId), close));
  }

  #release(customerId: string, deviceId: number, close: Closer): void {
    const devices = this.#held.get(customerId);
    const closers = devices?.get(deviceId);
    if (!devices || closers === undefined) return;
    const left = withoutOne(closers, close);
    if (left !== undefined) {
      devices.set(deviceId, left);
      return;
    }
    devices.delete(deviceId);
    // Offline at once: a closed tab says so within a second, not when its lease runs out.
    markDeviceOfflineNow(this.#db, customerId, deviceId, this.#node).catch((error: unknown) =>
      this.#log.warn({ reason: (error as Error).message, deviceId }, 'marking a screen offline failed'),
    );
    if (devices.size > 0) return;
    this.#held.delete(customerId);
    const unsubscribe = this.#unsubscribe.get(customerId);
    this.#unsubscribe.delete(customerId);
    void unsubscribe?.then((stop) => stop());
  }

  #subscribe(customerId: string): void {
    if (this.#unsubscribe.has(customerId)) return;
    this.#unsubscribe.set(
      customerId,
      this.#feed.subscribe(customerId, (rows) => void this.#onChanges(customerId, rows)),
    );
  }

  /** A device held here changed: if it was revoked (or removed), its connections end. */
  async #onChanges(customerId: string, rows: readonly ChangeRow[]): Promise<void> {
    const devices = this.#held.get(customerId);
    if (!devices) return;
    // A screen held here that went offline (another node let it go, a lapse swept it): claimed back
    // now, not at the next look (LIVE-53). Coming online is the same kind of change: a read, no write.
    const presenceChanged = rows
      .filter((row) => row.entity === 'device_presence' && devices.has(row.entity_id))
      .map((row) => row.entity_id);
    if (presenceChanged.length > 0)
      void this.#keepHeld(new Map([[customerId, [...new Set(presenceChanged)]]]));
    const changed = new Set(
      rows.filter((row) => row.entity === 'device' && devices.has(row.entity_id)).map((row) => row.entity_id),
    );
    // Read together: a change of many devices at once is answered by a few batched reads rather
    // than one query each (LIVE-20). Screens coming online are not such a change (LIVE-48).
    await Promise.all(
      [...changed].map(async (deviceId) => {
        try {
          const state = await this.#loadState(customerId, deviceId);
          if (!state || state.revoked_at) this.#closeAll(customerId, [deviceId]);
          for (const watch of eachOf(this.#boardWatches.get(`${customerId}:${deviceId}`)))
            if (state?.display_board_id !== watch.boardId) watch.end();
        } catch (error) {
          this.#log.warn({ reason: (error as Error).message, deviceId }, 'reading a changed screen failed');
        }
      }),
    );
  }

  #closeAll(customerId: string, deviceIds: readonly number[]): void {
    const devices = this.#held.get(customerId);
    for (const deviceId of deviceIds) {
      for (const close of eachOf(devices?.get(deviceId))) close(DEVICE_REVOKED.code, DEVICE_REVOKED.reason);
    }
  }

  /** Renews this node's lease: every screen it claimed is online until it runs out. */
  #renewLease(): Promise<void> {
    return renewPresenceLease(this.#db, this.#node, new Date(Date.now() + this.#ttlMs));
  }

  /** The lease, renewed unless a renewal is under way or done: taken before any screen is claimed. */
  #takeLease(): Promise<void> {
    this.#leased ??= this.#renewLease().catch((error: unknown) => {
      this.#leased = undefined;
      throw error;
    });
    return this.#leased;
  }

  /** Screens connecting: claimed by this node, under a lease taken first (LIVE-53). */
  #keepOnline(held: ReadonlyMap<string, readonly number[]>): Promise<void> {
    return this.#claim(held, async () => {
      await this.#takeLease();
      return keepDevicesOnline(this.#db, held, this.#node);
    });
  }

  /** A heartbeat's part, or screens heard going offline: the held ones offline are claimed again. */
  #keepHeld(held: ReadonlyMap<string, readonly number[]>): Promise<void> {
    return this.#claim(held, () =>
      keepHeldOnline(
        this.#db,
        held,
        this.#node,
        (customerId, id) => this.#held.get(customerId)?.has(id) ?? false,
      ),
    );
  }

  /**
   * Runs a claim of held screens and closes the connections of the ones refused: revoked meanwhile,
   * and its change missed (a feed reconnect), the claim finds out.
   */
  async #claim(
    held: ReadonlyMap<string, readonly number[]>,
    claim: () => Promise<ReadonlyMap<string, readonly number[]>>,
  ): Promise<void> {
    try {
      for (const [customerId, ids] of await claim()) this.#closeAll(customerId, ids);
    } catch (error) {
      this.#log.warn(
        { reason: (error as Error).message, customers: held.size },
        'keeping screens online failed',
      );
    }
  }

  async #beat(): Promise<void> {
    if (this.#beating) return;
    this.#beating = true;
    try {
      await this.#beatNow();
    } finally {
      this.#beating = false;
    }
  }

  async #beatNow(): Promise<void> {
    // The lease first: one row, whatever the screens (LIVE-53). Not renewed, the parts would claim
    // screens under a lease that runs out.
    try {
      // After a renewal still under way (the one at the start): one at a time, so a lapsed lease's
      // screens are let go once.
      const renewed = (this.#leased ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => this.#renewLease());
      this.#leased = renewed;
      await renewed;
    } catch (error) {
      this.#leased = undefined;
      this.#log.warn({ reason: (error as Error).message }, 'renewing the presence lease failed');
      return;
    }
    this.#beats += 1;
    if (!this.#tookOver && performance.now() - this.#startedAt >= this.#ttlMs) await this.#takeOver();
    if (this.#beats % FULL_LOOK_EVERY === 1) await this.#lookAtAll();
    if (this.#stopped) return;
    try {
      await sweepLapsedPresence(this.#db);
    } catch (error) {
      this.#log.warn({ reason: (error as Error).message }, 'sweeping lapsed screens failed');
    }
  }

  /**
   * A lease after this process started, the screens its node still names and it does not hold (its
   * predecessor's, in the same place, that did not come back) go offline (LIVE-54). A screen held
   * here and let go by a race with its own claim hears its change and is claimed back.
   */
  async #takeOver(): Promise<void> {
    const held = this.#heldIds();
    try {
      const released = await releaseScreensNotHeld(this.#db, this.#node, held);
      this.#tookOver = true;
      if (released > 0)
        this.#log.info({ screens: released }, 'screens of this node that did not come back are offline');
    } catch (error) {
      this.#log.warn({ reason: (error as Error).message }, 'letting go of screens not held failed');
    }
  }

  /** The screens held here, by customer: their ids. */
  #heldIds(): Map<string, number[]> {
    return new Map([...this.#held].map(([customerId, devices]) => [customerId, [...devices.keys()]]));
  }

  /** Every screen held here, in parts: the ones offline are claimed back, the ones revoked closed. */
  async #lookAtAll(): Promise<void> {
    const held = this.#heldIds();
    // In parts (LIVE-37: ten thousand screens in one statement held the event loop for 20–60 ms),
    // spread over the interval (LIVE-45: ten parts one after the other kept PostgreSQL busy for
    // 120–440 ms every 5 s, and the board reads of the changes due then waited behind them).
    await runSpread(inParts(held, HEARTBEAT_PART), (part) => this.#keepHeld(part), {
      withinMs: this.#heartbeatMs * HEARTBEAT_SPREAD,
      now: () => performance.now(),
      sleep: (ms) => sleep(ms, undefined, { ref: false }),
      stopped: () => this.#stopped,
    });
  }
}
