import type { DisplayBoardConfig } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../store/database.ts';
import { buildWorkflowRows } from './workflow-rows.ts';

const config = {
  id: 3,
  workflow_ids: [7],
  phase_ids: [],
  department: { site: { default_timezone: 'Europe/Berlin' } },
} as unknown as DisplayBoardConfig;

const answersOf = (expected: unknown[]) =>
  ({
    phases: [{ id: 1, workflow_id: 7, workflow_name: 'ED', name: 'Triage', position: 1, color: '#fff' }],
    flow: { visits: [], stays: [], staff: [] },
    expected,
  }) as unknown as Record<string, unknown>;

/** Answers each read from `answers` by its kind (the key's first word), recording the keys asked. */
function answering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const share = async <T>(key: string): Promise<T> => {
    asked.push(key);
    return answers[key.split(' ')[0] ?? key] as T;
  };
  return { asked, share };
}

describe('a workflow board’s rows (LIVE-39, LIVE-44)', () => {
  it('ask for their reads (the phases, and the visits with their staff and stays) before any is answered', async () => {
    const asked: string[] = [];
    const answers: Record<string, unknown[]> = {
      phases: [{ id: 1, workflow_id: 7, workflow_name: 'ED', name: 'Triage', position: 1, color: '#fff' }],
      flow: {
        visits: [{ id: 5, workflow_id: 7, phase_id: 1, phase_entered_at: new Date('2026-11-25T09:00:00Z') }],
        stays: [],
        staff: [{ visit_id: 5, display_name: 'Dr. Who', abbreviation: 'MD' }],
      },
    } as unknown as Record<string, unknown[]>;
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const share = async <T>(key: string): Promise<T> => {
      asked.push(key.split(' ')[0] ?? key);
      await answered;
      return answers[key.split(' ')[0] ?? key] as T;
    };
    const rows = buildWorkflowRows({} as Db, 'demo', config, new Date('2026-11-25T10:00:00Z'), share);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.sort()).toEqual(['flow', 'phases']);
    answer();
    expect(await rows).toEqual([
      expect.objectContaining({ key: 'phase:1', type: 'phase' }),
      expect.objectContaining({ key: 'visit:5', staff: [{ abbreviation: 'MD', display_name: 'Dr. Who' }] }),
    ]);
  });
});

describe('a workflow board’s expected patients (BRD-23, LIVE-63)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const expected = [
    {
      id: 4,
      display_name: 'Anna K.',
      workflow_id: 7,
      expected_at: new Date('2026-11-25T10:30:00Z'),
      location_name: 'Pre-op Bay',
    },
    { id: 5, display_name: 'Bo L.', workflow_id: 7, expected_at: null, location_name: null },
  ];

  it('are rows of their own, keyed by the expected patient, when the board shows them', async () => {
    const { asked, share } = answering(answersOf(expected));
    const rows = await buildWorkflowRows({} as Db, 'demo', { ...config, show_expected: true }, now, share);
    expect(rows.filter((row) => row.key.startsWith('expected:'))).toEqual([
      {
        key: 'expected:4',
        type: 'expected',
        expected_id: 4,
        display_name: 'Anna K.',
        workflow_id: 7,
        expected_at: '2026-11-25T10:30:00.000Z',
        location_name: 'Pre-op Bay',
      },
      {
        key: 'expected:5',
        type: 'expected',
        expected_id: 5,
        display_name: 'Bo L.',
        workflow_id: 7,
        expected_at: null,
        location_name: null,
      },
    ]);
    // Read up to the end of the site's day (Berlin: midnight is 23:00 UTC), for the board's scope.
    expect(asked).toContain('expected 7/ 2026-11-25T23:00:00.000Z');
  });

  it('are not read, nor sent, when the board does not show them', async () => {
    const { asked, share } = answering(answersOf(expected));
    const rows = await buildWorkflowRows({} as Db, 'demo', { ...config, show_expected: false }, now, share);
    expect(rows.some((row) => row.key.startsWith('expected:'))).toBe(false);
    expect(asked.some((key) => key.startsWith('expected'))).toBe(false);
  });

  it('are asked for with the other reads, before any is answered', async () => {
    const asked: string[] = [];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const answers = answersOf(expected);
    const share = async <T>(key: string): Promise<T> => {
      asked.push(key.split(' ')[0] ?? key);
      await answered;
      return answers[key.split(' ')[0] ?? key] as T;
    };
    const rows = buildWorkflowRows({} as Db, 'demo', { ...config, show_expected: true }, now, share);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked.sort()).toEqual(['expected', 'flow', 'phases']);
    answer();
    expect((await rows).map((row) => row.key)).toEqual(['phase:1', 'expected:4', 'expected:5']);
  });
});
