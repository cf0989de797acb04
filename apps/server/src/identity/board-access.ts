import type { Db } from '../store/database.ts';
import { createDeviceStateLoader } from '../store/device-state-loader.ts';
import type { Principal } from './verify-access-token.ts';

/** How long a device's board is remembered: reassigning a screen takes effect within this. */
const DEVICE_BOARD_TTL_MS = 3_000;
/** More than the screens one node holds (10,000, docs/operations.md): a full fleet never empties it. */
const CACHE_ENTRIES = 50_000;

/** Which display boards a caller may read (decision IDN-16). */
export interface BoardAccess {
  /** Whether the caller may read this board of its customer now. */
  mayRead(principal: Principal, boardId: number): Promise<boolean>;
  /** The one board a screen may read (null: none); undefined for anyone else (every board of the customer). */
  deviceBoard(principal: Principal): Promise<number | null | undefined>;
}

/**
 * A person reads every board of their customer; a screen's token (a
 * `device_id` claim) only the board its device record names now, read from
 * the database and kept a few seconds, so a reassignment needs no
 * re-activation and a revoked device reads nothing. A "no" is never taken from the cache.
 */
export function createBoardAccess(db: Db): BoardAccess {
  const cache = new Map<string, { boardId: number | null; until: number }>();
  // Ten thousand screens subscribing at once: their reads gathered into a few queries (LIVE-20).
  const loadState = createDeviceStateLoader(db);

  async function deviceBoard(principal: Principal, fresh = false): Promise<number | null | undefined> {
    if (principal.deviceId === undefined) return undefined;
    const key = `${principal.customerId}:${principal.deviceId}`;
    const cached = cache.get(key);
    if (!fresh && cached && cached.until > Date.now()) return cached.boardId;
    const state = await loadState(principal.customerId, principal.deviceId);
    const boardId = !state || state.revoked_at ? null : state.display_board_id;
    if (cache.size > CACHE_ENTRIES) cache.clear();
    cache.set(key, { boardId, until: Date.now() + DEVICE_BOARD_TTL_MS });
    return boardId;
  }

  return {
    deviceBoard: (principal) => deviceBoard(principal),
    async mayRead(principal, boardId) {
      const only = await deviceBoard(principal);
      if (only === undefined || only === boardId) return true;
      // A screen just moved to this board asks for it at once (BOF-44): a refusal is read
      // again rather than from the cache, which may still name its old board.
      return (await deviceBoard(principal, true)) === boardId;
    },
  };
}
