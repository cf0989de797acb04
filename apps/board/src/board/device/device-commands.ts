import type { ThisDevice } from '@careboard/contracts';
import { readBoardId } from '../../runtime-config/read-board-id.ts';

/** What the page does when its device record changes. */
export interface DevicePage {
  /** The query of the address now (`?id=…`). */
  search(): string;
  /** Shows another board in this page (react-router), no reload. */
  showBoard(id: number): void;
  reload(): void;
  /** The board this browser last heard its device named (kept across page loads); undefined: none yet. */
  rememberedBoard(deviceId: number): number | null | undefined;
  rememberBoard(deviceId: number, boardId: number | null): void;
}

/**
 * Follows a screen's device record (decisions BOF-44, BOF-45). When the board it names
 * changes, the page shows that board without a reload, also when the change happened while
 * the screen was off (the last board heard is kept in the browser). An address typed by hand
 * is left alone while the record does not change, so 'Missing ID in url.' and 'Display board
 * does not exist.' still show. A reload asked after the page's first value reloads it: a
 * reload asked while the screen was away still happens when it comes back, and a reloaded
 * page does not reload again.
 */
export function createDeviceCommands(page: DevicePage) {
  let firstReload: string | null | undefined;
  let lastBoard: number | null | undefined;
  return function onDevice(device: ThisDevice): void {
    const asked = device.reload_requested_at;
    if (firstReload === undefined) firstReload = asked;
    else if (asked !== null && (firstReload === null || asked > firstReload)) {
      page.reload();
      return;
    }
    const board = device.display_board_id;
    const known = lastBoard !== undefined ? lastBoard : page.rememberedBoard(device.id);
    lastBoard = board;
    if (known !== board) page.rememberBoard(device.id, board);
    if (known === undefined || known === board || board === null) return;
    if (board !== readBoardId(page.search())) page.showBoard(board);
  };
}

const storageKey = (deviceId: number) => `careboard.device-board.${deviceId}`;

/** The browser's memory of the board its device named (localStorage; none where it is blocked). */
export const boardMemory: Pick<DevicePage, 'rememberedBoard' | 'rememberBoard'> = {
  rememberedBoard(deviceId) {
    try {
      const raw = window.localStorage.getItem(storageKey(deviceId));
      if (raw === null) return undefined;
      return raw === 'none' ? null : (readBoardId(`?id=${raw}`) ?? undefined);
    } catch {
      return undefined;
    }
  },
  rememberBoard(deviceId, boardId) {
    try {
      window.localStorage.setItem(storageKey(deviceId), boardId === null ? 'none' : String(boardId));
    } catch {
      // Not kept: a change made while the screen is off is then seen only when it changes again.
    }
  },
};
