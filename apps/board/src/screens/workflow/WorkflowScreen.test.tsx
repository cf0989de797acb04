import type { WorkflowBoardRow } from '@careboard/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BoardScreenOptions,
  renderBoardScreen,
  testFrame,
} from '../../board/content/test-board-screen.tsx';
import { minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
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
