import { describe, expect, it, vi } from 'vitest';
import { boardMemory, createDeviceCommands } from './device-commands.ts';

function page(search = '?id=1&auth_flow=1', remembered?: number | null) {
  const current = { search };
  const memory = new Map<number, number | null>();
  if (remembered !== undefined) memory.set(7, remembered);
  const deps = {
    search: () => current.search,
    showBoard: vi.fn((id: number) => {
      current.search = `?id=${id}&auth_flow=1`;
    }),
    reload: vi.fn(),
    rememberedBoard: (id: number) => memory.get(id),
    rememberBoard: (id: number, board: number | null) => void memory.set(id, board),
  };
  return { deps, memory, onDevice: createDeviceCommands(deps) };
}

const device = (display_board_id: number | null, reload_requested_at: string | null = null) => ({
  id: 7,
  name: 'Lobby',
  display_board_id,
  reload_requested_at,
});

describe('a screen following its device record (BOF-44, BOF-45)', () => {
  it('shows another board without a reload when its record changes, and remembers it', () => {
    const { deps, memory, onDevice } = page();
    onDevice(device(1));
    expect(deps.showBoard).not.toHaveBeenCalled();
    expect(memory.get(7)).toBe(1);
    onDevice(device(3));
    expect(deps.showBoard).toHaveBeenCalledWith(3);
    expect(memory.get(7)).toBe(3);
    onDevice(device(3));
    expect(deps.showBoard).toHaveBeenCalledTimes(1);
    onDevice(device(null));
    expect(deps.showBoard).toHaveBeenCalledTimes(1);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('leaves an address typed by hand alone while the record does not change', () => {
    const { deps, onDevice } = page('?id=999&auth_flow=1', 1);
    onDevice(device(1));
    expect(deps.showBoard).not.toHaveBeenCalled();
  });

  it('goes to the board its record was moved to while the screen was off', () => {
    const { deps, onDevice } = page('?id=1&auth_flow=1', 1);
    onDevice(device(4));
    expect(deps.showBoard).toHaveBeenCalledWith(4);
  });

  it('reloads only for a reload asked after its first value', () => {
    const { deps, onDevice } = page();
    onDevice(device(1, '2026-11-24T10:00:00.000Z'));
    onDevice(device(1, '2026-11-24T10:00:00.000Z'));
    expect(deps.reload).not.toHaveBeenCalled();
    onDevice(device(1, '2026-11-24T10:05:00.000Z'));
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads for the first reload ever asked', () => {
    const { deps, onDevice } = page();
    onDevice(device(1));
    onDevice(device(1, '2026-11-24T10:00:00.000Z'));
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });
});

describe("the browser's memory of its device's board", () => {
  it('keeps a board, none, or nothing', () => {
    window.localStorage.clear();
    expect(boardMemory.rememberedBoard(7)).toBeUndefined();
    boardMemory.rememberBoard(7, 5);
    expect(boardMemory.rememberedBoard(7)).toBe(5);
    boardMemory.rememberBoard(7, null);
    expect(boardMemory.rememberedBoard(7)).toBeNull();
    expect(boardMemory.rememberedBoard(8)).toBeUndefined();
  });
});
