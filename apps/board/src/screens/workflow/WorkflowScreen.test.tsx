import type { WorkflowBoardRow } from '@careboard/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BoardScreenOptions,
  renderBoardScreen,
  testFrame,
} from '../../board/content/test-board-screen.tsx';
import { expectedRow, minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
import { WorkflowScreen } from './WorkflowScreen.tsx';

const now = Date.parse('2026-11-23T15:00:00Z');
const phases = [
  phaseRow(11, { name: 'Check-in', color: '#2F80ED', position: 1, estimated_duration_sec: 600 }),
  phaseRow(12, { name: 'Pre-op', color: '#F2C94C', position: 2, estimated_duration_sec: 1800 }),
];
const allFlags = {
  show_badge: true,
  show_display_name: true,
  show_estimated_duration: true,
  show_avg_duration: true,
};

function renderBoard(rows: readonly WorkflowBoardRow[], config: BoardScreenOptions['config'] = {}) {
  const view = renderBoardScreen<WorkflowBoardRow>(<WorkflowScreen />, {
    config: { ...allFlags, ...config },
  });
  view.snapshot(rows);
  return view;
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
const rowNames = () =>
  [...document.querySelectorAll('.workflow-row')].map(
    (row) => row.querySelector('.workflow-cell-display_name')?.textContent,
  );

/** jsdom has no layout: the paging tests give the area and the row probe their heights. */
function injectHeights(area: number, row: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('workflow-area')) return area;
    if (this.classList.contains('workflow-row-probe')) return row;
    return 0;
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the workflow board table', () => {
  it('shows the default columns with the catalogue’s labels when the board configures none', () => {
    renderBoard([...phases, visitRow(1, 11, minutesBefore(Date.now(), 2))], { table_configuration: null });
    expect(headers()).toEqual([
      'Badge',
      'Patient',
      'Phase',
      'Location',
      'Time in phase',
      'Estimate',
      'Avg today',
      'Staff',
    ]);
  });

  it('shows the configured columns in order with their labels, less those the show_* flags switch off', () => {
    renderBoard([...phases, visitRow(1, 11, minutesBefore(Date.now(), 2))], {
      show_badge: false,
      show_avg_duration: false,
      table_configuration: {
        columns: [
          { key: 'display_name', label: 'Who' },
          { key: 'badge_label', label: 'Badge' },
          { key: 'station' },
          { key: 'avg_duration' },
          { key: 'time_in_phase', label: 'In phase' },
        ],
      },
    });
    expect(headers()).toEqual(['Who', 'Station', 'In phase']);
  });

  it('lists patients by phase position, then longest waiting', () => {
    const at = Date.now();
    renderBoard([
      ...phases,
      visitRow(1, 12, minutesBefore(at, 50), { display_name: 'Carl D.' }),
      visitRow(2, 11, minutesBefore(at, 2), { display_name: 'Bea C.' }),
      visitRow(3, 11, minutesBefore(at, 8), { display_name: 'Anna K.' }),
    ]);
    expect(rowNames()).toEqual(['Anna K.', 'Bea C.', 'Carl D.']);
  });

  it('shows the phase by its color and its name, the place, the staff types and the durations', () => {
    renderBoard([
      ...phases,
      visitRow(1, 12, minutesBefore(Date.now(), 5), {
        location_name: 'Registration Desk',
        station_name: 'Registration 2',
        staff: [
          { abbreviation: 'RN', display_name: 'Nurse One' },
          { abbreviation: 'MD', display_name: 'Doctor Two' },
        ],
      }),
    ]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    const pill = within(row).getByText('Pre-op');
    expect(pill.className).toBe('workflow-phase-pill');
    expect(pill.style.background).toBe('rgb(242, 201, 76)');
    expect(pill.style.color).toBe('rgb(0, 0, 0)');
    // Without a station column the location cell names the station, the more precise place.
    expect(row.querySelector('.workflow-cell-location')?.textContent).toBe('Registration 2');
    expect([...row.querySelectorAll('.workflow-staff-chip')].map((chip) => chip.textContent)).toEqual([
      'RN',
      'MD',
    ]);
    expect(row.querySelector('.workflow-cell-time_in_phase')?.textContent).toBe('5 min');
    expect(row.querySelector('.workflow-cell-estimated_duration')?.textContent).toBe('30 min');
    expect(row.querySelector('.workflow-cell-avg_duration')?.textContent).toBe('9 min');
    // No staff name on the wall.
    expect(row.textContent).not.toContain('Nurse One');
  });

  it('says a patient on leave of absence is away, in words, instead of the room', () => {
    renderBoard([
      ...phases,
      visitRow(1, 12, minutesBefore(Date.now(), 5), {
        location_name: 'Bed 4',
        away_since: new Date(Date.now() - 60_000).toISOString(),
      }),
    ]);
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(row.querySelector('.workflow-cell-location')?.textContent).toBe('Away (leave of absence)');
  });

  it('says so when there are no patients', () => {
    renderBoard(phases);
    expect(screen.getByText('No patients right now.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('time in phase and overdue', () => {
  it('ticks the time in phase and marks the row overdue by itself once it passes the estimate', () => {
    vi.useFakeTimers({ now });
    renderBoard([...phases, visitRow(1, 11, minutesBefore(now, 9))]);
    const row = () => screen.getAllByRole('row')[1] as HTMLElement;
    expect(row().querySelector('.workflow-cell-time_in_phase')?.textContent).toBe('9 min');
    expect(row().dataset.overdue).toBe('false');
    expect(screen.queryByTestId('overdue-mark')).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    // Exactly on the estimate is not overdue yet.
    expect(row().querySelector('.workflow-cell-time_in_phase')?.textContent).toBe('10 min');
    expect(screen.queryByTestId('overdue-mark')).toBeNull();

    act(() => vi.advanceTimersByTime(1_000));
    expect(row().dataset.overdue).toBe('true');
    const mark = screen.getByTestId('overdue-mark');
    expect(mark.textContent).toContain('⚠');
    expect(mark.textContent).toContain('Overdue');
    expect(mark.closest('td')?.className).toContain('workflow-cell-time_in_phase');
  });

  it('never marks a patient overdue in a phase without an estimate', () => {
    vi.useFakeTimers({ now });
    renderBoard([phaseRow(11, { estimated_duration_sec: null }), visitRow(1, 11, minutesBefore(now, 600))]);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('overdue-mark')).toBeNull();
  });
});

describe('paging', () => {
  const manyVisits = Array.from({ length: 20 }, (_, i) =>
    visitRow(i + 1, 11, minutesBefore(now, 100 - i), { display_name: `P${i + 1} K.` }),
  );

  it('splits the patients into pages that fit the measured body and rotates them every page_rotation_sec', () => {
    vi.useFakeTimers({ now });
    injectHeights(500, 50); // 10 rows tall: a header row and 9 patients
    renderBoard([...phases, ...manyVisits], { page_rotation_sec: 10 });
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');
    expect(rowNames()).toEqual([
      'P1 K.',
      'P2 K.',
      'P3 K.',
      'P4 K.',
      'P5 K.',
      'P6 K.',
      'P7 K.',
      'P8 K.',
      'P9 K.',
    ]);

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 2 of 3');
    expect(rowNames()[0]).toBe('P10 K.');

    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');
  });

  it('shows no page indicator when everything fits', () => {
    injectHeights(2000, 50);
    renderBoard([...phases, ...manyVisits]);
    expect(screen.queryByTestId('page-indicator')).toBeNull();
    expect(rowNames()).toHaveLength(20);
    expect(screen.getByText('20 patients')).toBeTruthy();
  });
});

describe('display styles', () => {
  const clinic = [
    phaseRow(21, { workflow_id: 2, workflow_name: 'Walk-in Clinic', name: 'Registration', position: 1 }),
    phaseRow(22, { workflow_id: 2, workflow_name: 'Walk-in Clinic', name: 'Exam', position: 2 }),
  ];
  const rows = [
    ...phases,
    ...clinic,
    visitRow(1, 11, minutesBefore(now, 3), { display_name: 'Anna K.' }),
    visitRow(2, 12, minutesBefore(now, 3), { display_name: 'Bea C.' }),
    visitRow(3, 12, minutesBefore(now, 9), { display_name: 'Carl D.' }),
    visitRow(4, 22, minutesBefore(now, 1), { workflow_id: 2, display_name: 'Dora E.' }),
  ];

  it('shows one phase at a time with its name, color and patients, rotating every page_rotation_sec (style 2)', () => {
    vi.useFakeTimers({ now });
    renderBoard(rows, { display_style_id: 2, workflow_ids: [1, 2], page_rotation_sec: 5 });
    const title = () => document.querySelector('.workflow-phase-heading-title') as HTMLElement;
    expect(within(title()).getByText('Check-in').className).toBe('workflow-phase-pill');
    expect(title().textContent).toContain('1 patient');
    expect(rowNames()).toEqual(['Anna K.']);
    // The title names the phase: the table has no phase column.
    expect(headers()).not.toContain('Phase');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 3');

    act(() => vi.advanceTimersByTime(5_000));
    expect(within(title()).getByText('Pre-op')).toBeTruthy();
    expect(title().textContent).toContain('2 patients');
    expect(rowNames()).toEqual(['Carl D.', 'Bea C.']);

    act(() => vi.advanceTimersByTime(5_000));
    expect(within(title()).getByText('Exam')).toBeTruthy();
    expect(rowNames()).toEqual(['Dora E.']);
  });

  it('shows one workflow at a time with its phases side by side as lanes, rotating (style 3)', () => {
    vi.useFakeTimers({ now });
    renderBoard(rows, { display_style_id: 3, workflow_ids: [1, 2], page_rotation_sec: 7 });
    const lanes = () =>
      [...document.querySelectorAll('.workflow-lane')].map((lane) => [
        lane.querySelector('.workflow-phase-pill')?.textContent,
        [...lane.querySelectorAll('.workflow-card .workflow-cell-display_name')].map(
          (name) => name.textContent,
        ),
      ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Day Surgery');
    expect(lanes()).toEqual([
      ['Check-in', ['Anna K.']],
      ['Pre-op', ['Carl D.', 'Bea C.']],
    ]);

    act(() => vi.advanceTimersByTime(7_000));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Walk-in Clinic');
    expect(lanes()).toEqual([
      ['Registration', []],
      ['Exam', ['Dora E.']],
    ]);
  });

  it('marks an overdue card in a lane by itself', () => {
    vi.useFakeTimers({ now });
    renderBoard([...phases, visitRow(1, 11, minutesBefore(now, 10))], { display_style_id: 3 });
    expect(screen.queryByTestId('overdue-mark')).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('overdue-mark').closest('.workflow-card')).toBeTruthy();
  });
});

describe('live changes', () => {
  it('moves a patient when a change frame arrives', () => {
    const at = Date.now();
    const view = renderBoard([
      ...phases,
      visitRow(1, 11, minutesBefore(at, 5), { display_name: 'Anna K.' }),
      visitRow(2, 12, minutesBefore(at, 5), { display_name: 'Bea C.' }),
    ]);
    expect(rowNames()).toEqual(['Anna K.', 'Bea C.']);
    view.apply(testFrame('changes', [visitRow(1, 12, minutesBefore(at, 0), { display_name: 'Anna K.' })]));
    expect(rowNames()).toEqual(['Bea C.', 'Anna K.']);
    view.apply(testFrame('changes', [], ['visit:2']));
    expect(rowNames()).toEqual(['Anna K.']);
  });
});

describe('expected patients (BRD-23)', () => {
  // 10:00 in New York, the test board's site; Zoe is expected at 10:30 there, Yan at no stated time.
  const zoe = expectedRow(4, '2026-11-23T15:30:00.000Z', {
    display_name: 'Zoe Q.',
    location_name: 'Pre-op Bay',
  });
  const yan = expectedRow(5, null, { display_name: 'Yan P.' });
  const cell = (row: Element | undefined, key: string) =>
    row?.querySelector(`.workflow-cell-${key}`)?.textContent;
  const expectedRows = () => [...document.querySelectorAll('.workflow-row[data-expected="true"]')];

  it('lists them after the patients present, marked Expected at their time in the site’s time zone, counted apart', () => {
    vi.useFakeTimers({ now });
    renderBoard([...phases, visitRow(1, 12, minutesBefore(now, 5), { display_name: 'Anna K.' }), yan, zoe]);
    expect(rowNames()).toEqual(['Anna K.', 'Zoe Q.', 'Yan P.']);
    const [first, second] = expectedRows();
    expect(expectedRows()).toHaveLength(2);
    expect(first?.getAttribute('data-key')).toBe('expected:4');
    // The word says it, not a color: in the phase column, where a patient present shows their phase.
    expect(cell(first, 'phase')).toBe('Expected');
    expect(cell(first, 'time_in_phase')).toBe('10:30 AM');
    expect(cell(first, 'location')).toBe('Pre-op Bay');
    for (const key of ['badge_label', 'estimated_duration', 'avg_duration', 'staff'])
      expect(cell(first, key)).toBe('—');
    expect(cell(second, 'time_in_phase')).toBe('—');
    // They are in no phase: the count of patients is of those present.
    expect(screen.getByText('1 patient')).toBeTruthy();
    expect(screen.getByText('2 expected')).toBeTruthy();
  });

  it('say Expected beside the time when the table shows no phase', () => {
    vi.useFakeTimers({ now });
    renderBoard([...phases, zoe], {
      table_configuration: { columns: [{ key: 'display_name' }, { key: 'time_in_phase' }] },
    });
    expect(cell(expectedRows()[0], 'time_in_phase')).toBe('Expected 10:30 AM');
  });

  it('name the day of a patient expected on an earlier day and still not here', () => {
    vi.useFakeTimers({ now });
    renderBoard([...phases, expectedRow(6, '2026-11-22T15:30:00.000Z')]);
    expect(cell(expectedRows()[0], 'time_in_phase')).toBe('Sun 10:30 AM');
  });

  it('fill a board with nobody present yet, instead of “No patients right now.”', () => {
    renderBoard([...phases, zoe]);
    expect(screen.queryByText('No patients right now.')).toBeNull();
    expect(rowNames()).toEqual(['Zoe Q.']);
  });

  it('go when the patient arrives, the visit taking their place', () => {
    vi.useFakeTimers({ now });
    const view = renderBoard([...phases, zoe, yan]);
    view.apply(
      testFrame(
        'changes',
        [visitRow(9, 11, minutesBefore(now, 0), { display_name: 'Zoe Q.' })],
        ['expected:4'],
      ),
    );
    expect(rowNames()).toEqual(['Zoe Q.', 'Yan P.']);
    expect(expectedRows().map((row) => row.getAttribute('data-key'))).toEqual(['expected:5']);
    expect(screen.getByText('1 expected')).toBeTruthy();
  });

  it('have a lane of their own before the first phase (style 3) and a turn after the phases (style 2)', () => {
    vi.useFakeTimers({ now });
    const rows = [...phases, visitRow(1, 11, minutesBefore(now, 3), { display_name: 'Anna K.' }), zoe, yan];
    renderBoard(rows, { display_style_id: 3 });
    const lanes = [...document.querySelectorAll('.workflow-lane')];
    expect(
      lanes.map((lane) => lane.querySelector('.workflow-phase-pill, .workflow-expected-mark')?.textContent),
    ).toEqual(['Expected', 'Check-in', 'Pre-op']);
    const cards = [...(lanes[0]?.querySelectorAll('.workflow-card') ?? [])];
    expect(cards.map((card) => card.querySelector('.workflow-cell-display_name')?.textContent)).toEqual([
      'Zoe Q.',
      'Yan P.',
    ]);
    expect(cards[0]?.getAttribute('data-expected')).toBe('true');
    expect(cards[0]?.textContent).toContain('10:30 AM');
    expect(lanes[0]?.textContent).toContain('2 patients');
    cleanup();

    renderBoard(rows, { display_style_id: 2, page_rotation_sec: 5 });
    act(() => vi.advanceTimersByTime(5_000));
    const title = document.querySelector('.workflow-phase-heading-title') as HTMLElement;
    expect(title.textContent).toContain('Expected');
    expect(title.textContent).toContain('2 patients');
    expect(rowNames()).toEqual(['Zoe Q.', 'Yan P.']);
  });
});
