import type { PhaseRow, WorkflowVisitRow } from '@careboard/contracts';
import { useBoardRow } from '../../board/content/board-content-context.ts';

/** The server keys phase rows `phase:<id>` (live/boards/workflow-rows.ts). */
export function phaseKeyOf(phaseId: number): string {
  return `phase:${phaseId}`;
}

/** One patient's row; its component renders again only when that row changes. */
export function useVisitRow(key: string): WorkflowVisitRow | undefined {
  return useBoardRow<WorkflowVisitRow>(key);
}

/** The phase a patient is in (color, estimate, today's average), or undefined before it arrives. */
export function usePhaseOf(visit: WorkflowVisitRow | undefined): PhaseRow | undefined {
  return useBoardRow<PhaseRow>(visit ? phaseKeyOf(visit.phase_id) : '');
}
