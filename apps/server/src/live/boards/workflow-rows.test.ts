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
