import { describe, expect, it } from 'vitest';
import { expectedRow, minutesBefore, phaseRow, visitRow } from './test-workflow-rows.ts';
import { deriveLayout } from './workflow-layout.ts';
import {
  buildSlides,
  LANE_CARD_ROWS,
  LANE_HEADER_ROWS,
  patientsPerPage,
  SLIDE_TITLE_ROWS,
} from './workflow-slides.ts';

const now = Date.parse('2026-11-23T15:00:00Z');

describe('patients per page from measured heights', () => {
  it('fits table rows under the table header (all in one)', () => {
    expect(patientsPerPage(1, 500, 50)).toBe(9);
    expect(patientsPerPage(1, 549, 50)).toBe(9);
    expect(patientsPerPage(1, 550, 50)).toBe(10);
  });

  it('leaves a row for the phase title (phase at a time)', () => {
    expect(patientsPerPage(2, 500, 50)).toBe(10 - SLIDE_TITLE_ROWS - 1);
  });

  it('fits cards under the workflow title and the lane headers (workflow at a time)', () => {
    const cards = Math.floor((1000 - (SLIDE_TITLE_ROWS + LANE_HEADER_ROWS) * 50) / (LANE_CARD_ROWS * 50));
    expect(patientsPerPage(3, 1000, 50)).toBe(cards);
  });

  it('shows at least one patient on a tiny screen, and everything until measured', () => {
    expect(patientsPerPage(1, 60, 50)).toBe(1);
    expect(patientsPerPage(1, 0, 50)).toBeNull();
    expect(patientsPerPage(1, 500, 0)).toBeNull();
  });
});

describe('slides', () => {
  const surgery = [
    phaseRow(11, { position: 1 }),
    phaseRow(12, { position: 2 }),
    phaseRow(13, { position: 3 }),
  ];
  const clinic = [
    phaseRow(21, { workflow_id: 2, workflow_name: 'Clinic', position: 1 }),
    phaseRow(22, { workflow_id: 2, workflow_name: 'Clinic', position: 2 }),
  ];
  const visits = [
    ...[1, 2, 3, 4, 5].map((id) => visitRow(id, 11, minutesBefore(now, 60 - id))),
    visitRow(6, 13, minutesBefore(now, 3)),
    visitRow(7, 22, minutesBefore(now, 3), { workflow_id: 2 }),
  ];
  const layout = deriveLayout([...surgery, ...clinic, ...visits], [1, 2]);

  it('pages the one table (all in one)', () => {
    const slides = buildSlides(layout, 1, 3);
    // Position 1 (surgery 11), position 2 (clinic 22), position 3 (surgery 13).
    expect(slides.map((slide) => (slide.kind === 'all' ? slide.visitKeys : []))).toEqual([
      ['visit:1', 'visit:2', 'visit:3'],
      ['visit:4', 'visit:5', 'visit:7'],
      ['visit:6'],
    ]);
  });

  it('shows each phase with patients in turn, a page at a time (phase at a time)', () => {
    const slides = buildSlides(layout, 2, 3);
    expect(
      slides.map((slide) => (slide.kind === 'phase' ? [slide.phase.phaseId, slide.visitKeys.length] : null)),
    ).toEqual([
      [11, 3],
      [11, 2],
      [13, 1],
      [22, 1],
    ]);
  });

  it('shows each workflow with its phases side by side, paged by its fullest lane (workflow at a time)', () => {
    const slides = buildSlides(layout, 3, 4);
    expect(
      slides.map((slide) =>
        slide.kind === 'workflow'
          ? [slide.workflow.name, slide.lanes.map((lane) => lane.visitKeys.length)]
          : null,
      ),
    ).toEqual([
      ['Day Surgery', [4, 0, 1]],
      ['Day Surgery', [1, 0, 0]],
      ['Clinic', [0, 1]],
    ]);
  });

  it('has no slides without patients, and one page of everything until measured', () => {
    expect(buildSlides(deriveLayout(surgery, [1]), 1, 10)).toEqual([]);
    expect(buildSlides(deriveLayout(surgery, [1]), 3, 10)).toEqual([]);
    expect(buildSlides(layout, 1, null)).toHaveLength(1);
    expect(buildSlides(layout, 3, null)).toHaveLength(2);
  });
});

describe('slides with expected patients (BRD-23)', () => {
  const surgery = [phaseRow(11, { position: 1 }), phaseRow(12, { position: 2 })];
  const clinic = [phaseRow(21, { workflow_id: 2, workflow_name: 'Clinic', position: 1 })];
  const rows = [
    ...surgery,
    ...clinic,
    visitRow(1, 11, minutesBefore(now, 9)),
    visitRow(2, 12, minutesBefore(now, 8)),
    visitRow(3, 21, minutesBefore(now, 7), { workflow_id: 2 }),
    expectedRow(4, '2026-11-23T15:30:00.000Z'),
    expectedRow(5, '2026-11-23T16:00:00.000Z'),
    expectedRow(6, null),
  ];
  const layout = deriveLayout(rows, [1, 2]);

  it('pages them after the patients present in the one table (all in one)', () => {
    const slides = buildSlides(layout, 1, 4);
    expect(
      slides.map((slide) => (slide.kind === 'all' ? [slide.visitKeys, slide.expectedKeys] : null)),
    ).toEqual([
      [['visit:1', 'visit:3', 'visit:2'], ['expected:4']],
      [[], ['expected:5', 'expected:6']],
    ]);
  });

  it('give each workflow’s phases their turns, then its expected patients theirs (phase at a time)', () => {
    const slides = buildSlides(layout, 2, 2);
    expect(
      slides.map((slide) =>
        slide.kind === 'phase'
          ? ['phase', slide.phase.phaseId, slide.visitKeys]
          : slide.kind === 'expected'
            ? ['expected', slide.workflow.workflowId, slide.expectedKeys]
            : null,
      ),
    ).toEqual([
      ['phase', 11, ['visit:1']],
      ['phase', 12, ['visit:2']],
      ['expected', 1, ['expected:4', 'expected:5']],
      ['expected', 1, ['expected:6']],
      ['phase', 21, ['visit:3']],
    ]);
  });

  it('stand in a lane of their own before the first phase, paged with the others (workflow at a time)', () => {
    const slides = buildSlides(layout, 3, 2);
    expect(
      slides.map((slide) =>
        slide.kind === 'workflow'
          ? [slide.workflow.name, slide.expectedKeys, slide.lanes.map((lane) => lane.visitKeys)]
          : null,
      ),
    ).toEqual([
      ['Day Surgery', ['expected:4', 'expected:5'], [['visit:1'], ['visit:2']]],
      ['Day Surgery', ['expected:6'], [[], []]],
      // A workflow nobody is expected in has no such lane.
      ['Clinic', null, [['visit:3']]],
    ]);
  });

  it('make a board with only expected patients a board with slides', () => {
    const expectedOnly = deriveLayout([...surgery, expectedRow(4, null)], [1]);
    for (const style of [1, 2, 3] as const) expect(buildSlides(expectedOnly, style, 5)).toHaveLength(1);
  });
});
