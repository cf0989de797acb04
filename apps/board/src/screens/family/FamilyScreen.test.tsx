import type { FamilyBoardRow, FamilyVisitRow } from '@careboard/contracts';
import { act, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderBoardScreen, testFrame } from '../../board/content/test-board-screen.tsx';
import { esUS } from '../../i18n/es-US.ts';
import { FamilyScreen } from './FamilyScreen.tsx';
import { testPhases, testVisit } from './test-family-rows.ts';

const NOW = new Date('2025-03-03T15:00:00Z').getTime();
const familyConfig = {
  display_board_type_id: 2,
  name: 'Surgery Family Waiting Room',
  show_badge: false,
  show_display_name: false,
  page_rotation_sec: 10,
} as const;

type Options = Parameters<typeof renderBoardScreen>[1];

function renderFamily(rows: readonly FamilyBoardRow[], options: Options = {}) {
  const view = renderBoardScreen<FamilyBoardRow>(<FamilyScreen />, {
    ...options,
    config: { ...familyConfig, ...options?.config },
  });
  view.snapshot(rows);
  return view;
}

/** The patient rows on screen, each as its cells' texts. */
function visitRows(container: HTMLElement): string[][] {
  return [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );
}

function rowWithCode(container: HTMLElement, code: string): HTMLElement {
  const row = [...container.querySelectorAll<HTMLElement>('tbody tr')].find((each) =>
    each.textContent?.includes(code),
  );
  if (!row) throw new Error(`no row with code ${code}`);
  return row;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('family board rows', () => {
  it("shows each patient's family code under a 'Code' heading", () => {
    const view = renderFamily([...testPhases, testVisit(1, 11, 3, { code: 'K7MX4' }, NOW)]);
    expect(view.getByRole('columnheader', { name: 'Code' })).toBeTruthy();
    expect(view.queryByRole('columnheader', { name: 'Badge' })).toBeNull();
    expect(visitRows(view.container)[0]?.[0]).toBe('K7MX4');
  });

  it("labels the column 'Badge' when the board shows badges", () => {
    const view = renderFamily([...testPhases, testVisit(1, 11, 3, { code: 'B-104' }, NOW)], {
      config: { show_badge: true },
    });
    expect(view.getByRole('columnheader', { name: 'Badge' })).toBeTruthy();
    expect(view.queryByRole('columnheader', { name: 'Code' })).toBeNull();
    expect(visitRows(view.container)[0]?.[0]).toBe('B-104');
  });

  it('shows the status as the phase name with its color and shape', () => {
    const view = renderFamily([...testPhases, testVisit(1, 13, 3, { code: 'K7MX4' }, NOW)]);
    const status = rowWithCode(view.container, 'K7MX4').querySelector<HTMLElement>('.family-status-mark');
    expect(status?.textContent).toBe('In Surgery');
    expect(status?.style.getPropertyValue('--phase-color')).toBe('#EB5757');
    const shape = status?.querySelector('svg');
    expect(shape?.getAttribute('data-shape')).toBe('triangle');
    expect(shape?.querySelector('path')?.getAttribute('fill')).toBe('#EB5757');
  });

  it('ticks the time in status without anything else happening', () => {
    const since = new Date(NOW - 5 * 60_000 - 30_000).toISOString();
    const view = renderFamily([
      ...testPhases,
      testVisit(1, 11, 0, { code: 'K7MX4', status_since: since }, NOW),
    ]);
    const time = () => rowWithCode(view.container, 'K7MX4').querySelector('.family-time')?.textContent;
    expect(time()).toBe('5 min');
    act(() => vi.advanceTimersByTime(30_000));
    expect(time()).toBe('6 min');
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(time()).toBe('1 hr 06 min');
  });

  it('restarts the time in status when the patient moves to another phase', () => {
    const view = renderFamily([...testPhases, testVisit(1, 11, 20, { code: 'K7MX4' }, NOW)]);
    view.apply(testFrame('changes', [testVisit(1, 12, 0, { code: 'K7MX4' }, NOW)]));
    const row = rowWithCode(view.container, 'K7MX4');
    expect(row.querySelector('.family-status')?.textContent).toBe('Pre-op');
    expect(row.querySelector('.family-time')?.textContent).toBe('0 min');
  });
});

describe('display names', () => {
  const rows = [
    ...testPhases,
    testVisit(1, 11, 3, { code: 'K7MX4', display_name: 'Anna K.' }, NOW),
    testVisit(2, 11, 2, { code: 'P3QR8' }, NOW),
  ];

  it('are shown when the board is configured for them and the row has one', () => {
    const view = renderFamily(rows, { config: { show_display_name: true } });
    expect(view.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(visitRows(view.container)).toEqual([
      ['K7MX4', 'Anna K.', 'Check-in', '3 min'],
      ['P3QR8', '', 'Check-in', '2 min'],
    ]);
  });

  it('are not shown when the board is not configured for them, even if a row has one', () => {
    const view = renderFamily(rows, { config: { show_display_name: false } });
    expect(view.queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(view.container.textContent).not.toContain('Anna');
    expect(visitRows(view.container)[0]).toEqual(['K7MX4', 'Check-in', '3 min']);
  });
});

describe('privacy', () => {
  it('renders only the allowed fields, whatever else a row might carry', () => {
    const leaky = {
      ...testVisit(1, 11, 3, { code: 'K7MX4' }, NOW),
      last_name: 'Kowalski',
      first_name: 'Anna',
    };
    const view = renderFamily([...testPhases, leaky as FamilyVisitRow]);
    expect(view.container.innerHTML).not.toContain('Kowalski');
    expect(view.container.innerHTML).not.toContain('Anna');
  });
});

describe('the legend', () => {
  it('lists every phase with its color and the same shape as the status cells', () => {
    const view = renderFamily([...testPhases, testVisit(1, 14, 3, { code: 'K7MX4' }, NOW)]);
    const legend = view.getByRole('list', { name: 'What the colors mean' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Check-in',
      'Pre-op',
      'In Surgery',
      'Recovery',
      'Ready for Discharge',
    ]);
    const shapes = items.map((item) => item.querySelector('svg')?.getAttribute('data-shape'));
    expect(new Set(shapes).size).toBe(5);
    expect(items[3]?.querySelector('path')?.getAttribute('fill')).toBe('#27AE60');
    const statusShape = rowWithCode(view.container, 'K7MX4').querySelector('svg')?.getAttribute('data-shape');
    expect(statusShape).toBe(shapes[3]);
  });
});

describe('order', () => {
  it('is by phase, then longest in status first, and follows moves', () => {
    const view = renderFamily([
      ...testPhases,
      testVisit(1, 13, 5, { code: 'AAAAA' }, NOW),
      testVisit(2, 11, 2, { code: 'BBBBB' }, NOW),
      testVisit(3, 13, 40, { code: 'CCCCC' }, NOW),
      testVisit(4, 11, 9, { code: 'DDDDD' }, NOW),
    ]);
    const codes = () => visitRows(view.container).map((cells) => cells[0]);
    expect(codes()).toEqual(['DDDDD', 'BBBBB', 'CCCCC', 'AAAAA']);
    view.apply(testFrame('changes', [testVisit(4, 15, 0, { code: 'DDDDD' }, NOW)]));
    expect(codes()).toEqual(['BBBBB', 'CCCCC', 'AAAAA', 'DDDDD']);
    view.apply(testFrame('changes', [], ['visit:3']));
    expect(codes()).toEqual(['BBBBB', 'AAAAA', 'DDDDD']);
  });
});

describe('paging', () => {
  /** Injects layout (jsdom has none): the screen's area is `area` px high, a row (and the headings) 49 px. */
  function injectHeights(area: number) {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      if (this.classList.contains('family')) return area;
      if (this.classList.contains('family-header')) return 49;
      return 0;
    });
  }
  const fourteen = Array.from({ length: 14 }, (_, i) => testVisit(i + 1, 11, 100 - i, {}, NOW));

  it("splits rows that do not fit into pages, says 'Page x of y', and rotates", () => {
    injectHeights(349);
    const view = renderFamily([...testPhases, ...fourteen]);
    expect(view.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');
    expect(visitRows(view.container).map((cells) => cells[0])).toEqual([
      'C0001',
      'C0002',
      'C0003',
      'C0004',
      'C0005',
      'C0006',
    ]);
    act(() => vi.advanceTimersByTime(10_000));
    expect(view.getByTestId('page-indicator').textContent).toBe('Page 2 of 3');
    expect(visitRows(view.container)[0]?.[0]).toBe('C0007');
    act(() => vi.advanceTimersByTime(20_000));
    expect(view.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');
  });

  it('shows no page indicator when every row fits', () => {
    injectHeights(1000);
    const view = renderFamily([...testPhases, ...fourteen]);
    expect(view.queryByTestId('page-indicator')).toBeNull();
    expect(visitRows(view.container)).toHaveLength(14);
  });
});

describe('empty and loading', () => {
  it('says nobody is waiting once the data has come and there are no patients', () => {
    const view = renderFamily([...testPhases]);
    expect(view.getByText('Nobody is waiting right now.')).toBeTruthy();
    view.apply(testFrame('changes', [testVisit(1, 11, 1, {}, NOW)]));
    expect(view.queryByText('Nobody is waiting right now.')).toBeNull();
  });

  it('says nothing about waiting before the first frame', () => {
    const view = renderBoardScreen<FamilyBoardRow>(<FamilyScreen />, { config: familyConfig });
    expect(view.queryByText('Nobody is waiting right now.')).toBeNull();
  });
});

describe('es-US', () => {
  it('renders the headings, the legend label and the empty text in Spanish', () => {
    const view = renderFamily([...testPhases], { locale: 'es-US', messages: esUS });
    for (const name of ['Código', 'Estado', 'Tiempo en estado']) {
      expect(view.getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(view.getByRole('list', { name: 'Qué significan los colores' })).toBeTruthy();
    expect(view.getByText('No hay nadie en espera en este momento.')).toBeTruthy();
  });

  it("says 'Credencial', 'Nombre' and the page in Spanish", () => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.classList.contains('family') ? 150 : this.classList.contains('family-header') ? 49 : 0;
    });
    const rows = [
      ...testPhases,
      ...[1, 2, 3].map((id) => testVisit(id, 11, id, { display_name: 'Ana K.' }, NOW)),
    ];
    const view = renderFamily(rows, {
      locale: 'es-US',
      messages: esUS,
      config: { show_badge: true, show_display_name: true },
    });
    expect(view.getByRole('columnheader', { name: 'Credencial' })).toBeTruthy();
    expect(view.getByRole('columnheader', { name: 'Nombre' })).toBeTruthy();
    expect(view.getByTestId('page-indicator').textContent).toBe('Página 1 de 2');
  });
});
