import type { DisplayBoardConfig, ParRow } from '@careboard/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBoardScreen, testFrame } from '../../board/content/test-board-screen.tsx';
import { esUS } from '../../i18n/es-US.ts';
import { AssetsParLevelScreen } from './AssetsParLevelScreen.tsx';
import { demoLikeRows, HALLWAY, IV_PUMP, PACU, parRow, SUPPLY, WHEELCHAIR } from './test-par-rows.ts';

// Counts each row component's renders by its key: every render reads its row once.
const rowReads = vi.hoisted(() => new Map<string, number>());
vi.mock('../../board/content/board-content-context.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../board/content/board-content-context.ts')>();
  return {
    ...actual,
    useBoardRow<R extends { readonly key: string }>(key: string) {
      rowReads.set(key, (rowReads.get(key) ?? 0) + 1);
      return actual.useBoardRow<R>(key);
    },
  };
});

const PAR_CONFIG: Partial<DisplayBoardConfig> = {
  id: 4,
  name: 'Equipment PAR Levels',
  display_board_type_id: 4,
  workflow_ids: [],
  location_ids: [12, 13, 14],
  page_rotation_sec: 15,
};

function renderParBoard(options: Parameters<typeof renderBoardScreen>[1] = {}) {
  return renderBoardScreen<ParRow>(<AssetsParLevelScreen />, {
    ...options,
    config: { ...PAR_CONFIG, ...options.config },
  });
}

/** The rows on screen, top to bottom, as their keys. */
function keysOnScreen(): string[] {
  return [...document.querySelectorAll('.par-row[data-key]')].map(
    (row) => row.getAttribute('data-key') ?? '',
  );
}

function rowOf(key: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`.par-row[data-key="${key}"]`);
  if (!row) throw new Error(`no row ${key} on screen`);
  return row;
}

beforeEach(() => rowReads.clear());
afterEach(() => vi.useRealTimers());

describe('the assets PAR-level board', () => {
  it('says how many are short, with a downward shape, for a level below its minimum', () => {
    const board = renderParBoard();
    board.snapshot([parRow(SUPPLY, IV_PUMP, 1, 4, 8)]);
    const row = rowOf('par:13:1');
    expect(within(row).getByText('3 short')).toBeTruthy();
    expect(row.querySelector('[data-icon="below"]')).not.toBeNull();
    expect(row.textContent).toContain('Central Supply');
    expect(row.textContent).toContain('IV Pump');
    expect(row.textContent).toContain('4–8');
  });

  it('says how many are over, with an upward shape, for a level above its maximum', () => {
    const board = renderParBoard();
    board.snapshot([parRow(PACU, IV_PUMP, 8, 3, 6)]);
    const row = rowOf('par:12:1');
    expect(within(row).getByText('+2 over')).toBeTruthy();
    expect(row.querySelector('[data-icon="above"]')).not.toBeNull();
  });

  it('says "Within PAR", with a check shape, for a level between its minimum and maximum', () => {
    const board = renderParBoard();
    board.snapshot([parRow(PACU, WHEELCHAIR, 3, 3, 6)]);
    const row = rowOf('par:12:2');
    expect(within(row).getByText('Within PAR')).toBeTruthy();
    expect(row.querySelector('[data-icon="within"]')).not.toBeNull();
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('shows shortages first, most missing first, then excess, then levels within', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    expect(keysOnScreen()).toEqual([
      'par:14:2',
      'par:13:1',
      'par:13:6',
      'par:12:1',
      'par:14:3',
      'par:13:3',
      'par:12:3',
    ]);
  });

  it('moves a row when its state changes', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    // Two IV pumps arrive at Central Supply: 4 of 4–8, within.
    board.apply(testFrame('changes', [parRow(SUPPLY, IV_PUMP, 4, 4, 8)]));
    expect(keysOnScreen().indexOf('par:13:1')).toBeGreaterThan(keysOnScreen().indexOf('par:14:3'));
    expect(within(rowOf('par:13:1')).getByText('Within PAR')).toBeTruthy();
  });

  it('sums up the locations below and above PAR and the levels within, in plural forms', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    const summary = screen.getByTestId('par-summary');
    expect(summary.textContent).toContain('2 locations below PAR');
    expect(summary.textContent).toContain('2 locations above PAR');
    expect(summary.textContent).toContain('2 levels within PAR');

    board.snapshot([parRow(HALLWAY, WHEELCHAIR, 0, 3, 6), parRow(SUPPLY, IV_PUMP, 5, 4, 8)]);
    expect(summary.textContent).toContain('1 location below PAR');
    expect(summary.textContent).toContain('No locations above PAR');
    expect(summary.textContent).toContain('1 level within PAR');
  });

  it("shows the time of the last change in the site's time zone", () => {
    const board = renderParBoard();
    board.apply(testFrame('snapshot', demoLikeRows(), [], '2025-11-23T15:32:00.000Z'));
    expect(screen.getByTestId('par-last-change').textContent).toBe('Last change 10:32 AM');
  });

  it('follows the site, not the device, when the site is elsewhere', () => {
    const board = renderParBoard({
      config: {
        department: { id: 1, name: 'Surgery', site: { id: 1, name: 'Main', default_timezone: 'Asia/Tokyo' } },
      },
    });
    board.apply(testFrame('snapshot', demoLikeRows(), [], '2025-11-23T15:32:00.000Z'));
    expect(screen.getByTestId('par-last-change').textContent).toBe('Last change 12:32 AM');
  });

  it('shows no last change before one is known', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    expect(screen.queryByTestId('par-last-change')).toBeNull();
  });

  it('says so when the board has no PAR levels, and says nothing before the first frame', () => {
    const board = renderParBoard();
    expect(screen.queryByTestId('par-empty')).toBeNull();
    board.snapshot([]);
    expect(screen.getByTestId('par-empty').textContent).toBe(
      'No PAR levels are set for this board’s locations.',
    );
    expect(screen.getByTestId('par-summary').textContent).toContain('No locations below PAR');
  });

  it('renders in es-US from the es-US catalogue', () => {
    const board = renderParBoard({ locale: 'es-US', messages: esUS });
    board.apply(testFrame('snapshot', demoLikeRows(), [], '2025-11-23T15:32:00.000Z'));
    expect(within(rowOf('par:14:2')).getByText('Faltan: 3')).toBeTruthy();
    expect(within(rowOf('par:12:1')).getByText('Sobran: +2')).toBeTruthy();
    expect(within(rowOf('par:12:3')).getByText('Dentro del PAR')).toBeTruthy();
    const summary = screen.getByTestId('par-summary').textContent;
    expect(summary).toContain('2 ubicaciones bajo el PAR');
    expect(summary).toContain('2 ubicaciones sobre el PAR');
    expect(summary).toContain('2 niveles dentro del PAR');
    expect(screen.getByTestId('par-last-change').textContent).toMatch(/^Último cambio 10:32/);
    expect(screen.getByRole('table', { name: 'Niveles PAR' })).toBeTruthy();
  });

  it('re-renders only the row that changed when a count changes without moving it', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    const before = new Map(rowReads);
    expect([...before.keys()].sort()).toEqual(keysOnScreen().sort());
    // One more IV pump reaches PACU: +3 over, still the first excess.
    board.apply(testFrame('changes', [parRow(PACU, IV_PUMP, 9, 3, 6)]));
    expect(within(rowOf('par:12:1')).getByText('+3 over')).toBeTruthy();
    for (const [key, reads] of rowReads) {
      expect(reads - (before.get(key) ?? 0), key).toBe(key === 'par:12:1' ? 1 : 0);
    }
  });

  it('re-renders only the row that changed when the change moves it', () => {
    const board = renderParBoard();
    board.snapshot(demoLikeRows());
    const before = new Map(rowReads);
    // Central Supply gets its IV pumps back: within, so its row moves down past the excess rows.
    board.apply(testFrame('changes', [parRow(SUPPLY, IV_PUMP, 4, 4, 8)]));
    expect(keysOnScreen().indexOf('par:13:1')).toBeGreaterThan(keysOnScreen().indexOf('par:14:3'));
    for (const [key, reads] of rowReads) {
      expect(reads - (before.get(key) ?? 0), key).toBe(key === 'par:13:1' ? 1 : 0);
    }
  });
});

describe('paging the PAR board', () => {
  /** jsdom has no layout: the table area and its header row get the heights a screen would give them. */
  function injectHeights(area: number, row: number) {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('par-area')) return area;
      if (this.classList.contains('par-head')) return row;
      return 0;
    });
  }

  /** Fifteen levels, all short by a different number, so the order is known. */
  function fifteenRows(): ParRow[] {
    return Array.from({ length: 15 }, (_, i) => parRow([100 + i, `Room ${100 + i}`], IV_PUMP, 0, i + 1, 20));
  }

  afterEach(() => vi.restoreAllMocks());

  it('splits rows that do not fit into pages that rotate every page_rotation_sec', () => {
    vi.useFakeTimers();
    injectHeights(560, 50);
    const board = renderParBoard({ config: { page_rotation_sec: 10 } });
    board.snapshot(fifteenRows());
    // 560 px less the header row leaves room for 10 rows of 50 px (51 with the slack).
    expect(keysOnScreen()).toHaveLength(10);
    expect(keysOnScreen()[0]).toBe('par:114:1');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 2');

    act(() => vi.advanceTimersByTime(10_000));
    expect(keysOnScreen()).toEqual(['par:104:1', 'par:103:1', 'par:102:1', 'par:101:1', 'par:100:1']);
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 2 of 2');

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 2');
  });

  it('shows no page indicator when every row fits', () => {
    injectHeights(2000, 50);
    const board = renderParBoard();
    board.snapshot(fifteenRows());
    expect(keysOnScreen()).toHaveLength(15);
    expect(screen.queryByTestId('page-indicator')).toBeNull();
  });
});
