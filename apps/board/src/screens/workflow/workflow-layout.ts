import type { ExpectedVisitRow, PhaseRow, WorkflowBoardRow, WorkflowVisitRow } from '@careboard/contracts';
import { shallowEqualArrays } from '../../board/content/shallow-equal.ts';

/** A phase and the keys of its patients, longest waiting first. */
export interface PhaseGroup {
  readonly phaseKey: string;
  readonly phaseId: number;
  readonly workflowId: number;
  readonly position: number;
  readonly visitKeys: readonly string[];
}

/** A workflow and its phases in order (display style 3), and the patients it expects (BRD-23). */
export interface WorkflowGroup {
  readonly workflowId: number;
  readonly name: string;
  readonly phases: readonly PhaseGroup[];
  /** Its expected patients, soonest first: in no phase (styles 2 and 3). */
  readonly expectedKeys: readonly string[];
}

/**
 * Where every patient goes on the board, by key only: rows render themselves
 * from the store by key, so this changes only when the order changes (a patient
 * comes, goes or moves phase), never when a row's other fields do.
 */
export interface WorkflowLayout {
  /** Every patient by phase position, then longest waiting (display style 1). */
  readonly visitKeys: readonly string[];
  /** Every phase, by workflow then position (display style 2). */
  readonly phases: readonly PhaseGroup[];
  /** Every workflow with its phases (display style 3). */
  readonly workflows: readonly WorkflowGroup[];
  /** Every expected patient, soonest first, the untimed last (style 1): they count in no phase. */
  readonly expectedKeys: readonly string[];
}

export const emptyLayout: WorkflowLayout = Object.freeze({
  visitKeys: [],
  phases: [],
  workflows: [],
  expectedKeys: [],
});

/** Longest waiting first; the server sends `toISOString()` instants, which sort as text. */
function byLongestWaiting(a: WorkflowVisitRow, b: WorkflowVisitRow): number {
  if (a.phase_entered_at !== b.phase_entered_at) return a.phase_entered_at < b.phase_entered_at ? -1 : 1;
  return a.visit_id - b.visit_id;
}

/** Soonest first, then those the EHR gave no time (ISO instants sort as text). */
function bySoonest(a: ExpectedVisitRow, b: ExpectedVisitRow): number {
  if (a.expected_at !== b.expected_at) {
    if (a.expected_at === null) return 1;
    if (b.expected_at === null) return -1;
    return a.expected_at < b.expected_at ? -1 : 1;
  }
  return a.expected_id - b.expected_id;
}

/**
 * The layout of the board's rows. Workflows follow the board's `workflow_ids`
 * order (then id); a patient whose phase the board does not list goes last.
 */
export function deriveLayout(
  rows: readonly WorkflowBoardRow[],
  workflowOrder: readonly number[],
): WorkflowLayout {
  const phases: PhaseRow[] = [];
  const visits: WorkflowVisitRow[] = [];
  const expected: ExpectedVisitRow[] = [];
  for (const row of rows) {
    if (row.type === 'phase') phases.push(row);
    else if (row.type === 'visit') visits.push(row);
    else if (row.type === 'expected') expected.push(row);
  }
  const rank = (workflowId: number) => {
    const index = workflowOrder.indexOf(workflowId);
    return index === -1 ? workflowOrder.length : index;
  };
  phases.sort(
    (a, b) =>
      rank(a.workflow_id) - rank(b.workflow_id) ||
      a.workflow_id - b.workflow_id ||
      a.position - b.position ||
      a.phase_id - b.phase_id,
  );
  visits.sort(byLongestWaiting);
  expected.sort(bySoonest);
  const expectedOf = new Map<number, string[]>();
  for (const patient of expected) {
    const keys = expectedOf.get(patient.workflow_id);
    if (keys) keys.push(patient.key);
    else expectedOf.set(patient.workflow_id, [patient.key]);
  }

  const positionOf = new Map<number, number>();
  const keysOf = new Map<number, string[]>();
  for (const phase of phases) {
    positionOf.set(phase.phase_id, phase.position);
    keysOf.set(phase.phase_id, []);
  }
  for (const visit of visits) keysOf.get(visit.phase_id)?.push(visit.key);

  // Style 1: phase position first, then longest waiting (the order the visits are already in).
  const byPosition = new Map<number, string[]>();
  for (const visit of visits) {
    const position = positionOf.get(visit.phase_id) ?? Number.POSITIVE_INFINITY;
    const keys = byPosition.get(position);
    if (keys) keys.push(visit.key);
    else byPosition.set(position, [visit.key]);
  }
  const visitKeys = [...byPosition.keys()]
    .sort((a, b) => a - b)
    .flatMap((position) => byPosition.get(position) ?? []);

  const workflows: { workflowId: number; name: string; phases: PhaseGroup[]; expectedKeys: string[] }[] = [];
  const groups = phases.map((phase): PhaseGroup => {
    const group: PhaseGroup = {
      phaseKey: phase.key,
      phaseId: phase.phase_id,
      workflowId: phase.workflow_id,
      position: phase.position,
      visitKeys: keysOf.get(phase.phase_id) ?? [],
    };
    const last = workflows[workflows.length - 1];
    if (last?.workflowId === phase.workflow_id) last.phases.push(group);
    else {
      workflows.push({
        workflowId: phase.workflow_id,
        name: phase.workflow_name,
        phases: [group],
        expectedKeys: expectedOf.get(phase.workflow_id) ?? [],
      });
    }
    return group;
  });
  return { visitKeys, phases: groups, workflows, expectedKeys: expected.map((patient) => patient.key) };
}

function samePhaseGroup(a: PhaseGroup, b: PhaseGroup): boolean {
  return (
    a.phaseKey === b.phaseKey &&
    a.phaseId === b.phaseId &&
    a.workflowId === b.workflowId &&
    a.position === b.position &&
    shallowEqualArrays(a.visitKeys, b.visitKeys)
  );
}

/**
 * `next` with every part equal to `previous` replaced by the previous object:
 * when nothing order-relevant changed the previous layout itself comes back (so
 * React renders nothing), and otherwise only the phases that changed are new (so
 * only their lanes render).
 */
export function stabilizeLayout(previous: WorkflowLayout, next: WorkflowLayout): WorkflowLayout {
  const previousGroups = new Map(previous.phases.map((group) => [group.phaseKey, group]));
  const reuse = (group: PhaseGroup) => {
    const before = previousGroups.get(group.phaseKey);
    return before && samePhaseGroup(before, group) ? before : group;
  };
  const phases = next.phases.map(reuse);
  const previousWorkflows = new Map(previous.workflows.map((workflow) => [workflow.workflowId, workflow]));
  const workflows = next.workflows.map((workflow) => {
    const workflowPhases = workflow.phases.map(reuse);
    const before = previousWorkflows.get(workflow.workflowId);
    return before &&
      before.name === workflow.name &&
      shallowEqualArrays(before.phases, workflowPhases) &&
      shallowEqualArrays(before.expectedKeys, workflow.expectedKeys)
      ? before
      : { ...workflow, phases: workflowPhases };
  });
  const layout: WorkflowLayout = {
    visitKeys: shallowEqualArrays(previous.visitKeys, next.visitKeys) ? previous.visitKeys : next.visitKeys,
    phases: shallowEqualArrays(previous.phases, phases) ? previous.phases : phases,
    workflows: shallowEqualArrays(previous.workflows, workflows) ? previous.workflows : workflows,
    expectedKeys: shallowEqualArrays(previous.expectedKeys, next.expectedKeys)
      ? previous.expectedKeys
      : next.expectedKeys,
  };
  return layout.visitKeys === previous.visitKeys &&
    layout.phases === previous.phases &&
    layout.workflows === previous.workflows &&
    layout.expectedKeys === previous.expectedKeys
    ? previous
    : layout;
}

/** Whether two versions of a row place it the same: the only fields the layout reads. */
function samePlace(a: WorkflowBoardRow, b: WorkflowBoardRow): boolean {
  if (a.type === 'visit' && b.type === 'visit') {
    return (
      a.phase_id === b.phase_id && a.phase_entered_at === b.phase_entered_at && a.visit_id === b.visit_id
    );
  }
  if (a.type === 'expected' && b.type === 'expected') {
    return (
      a.expected_at === b.expected_at && a.workflow_id === b.workflow_id && a.expected_id === b.expected_id
    );
  }
  if (a.type === 'phase' && b.type === 'phase') {
    return (
      a.phase_id === b.phase_id &&
      a.position === b.position &&
      a.workflow_id === b.workflow_id &&
      a.workflow_name === b.workflow_name
    );
  }
  return false;
}

/**
 * Whether two versions of the board's rows place everyone the same, so that the
 * layout need not be derived and sorted again. Most changes (a place, the staff,
 * today's averages) move nobody: those cost one identity check per row, and a
 * few fields for each row changed since the rows were last placed. The content
 * store keeps its rows in arrival order, so the same rows stand at the same
 * index; a row that came, went or changed its phase, time of entry or position
 * makes them differ.
 */
export function samePlaces(a: readonly WorkflowBoardRow[], b: readonly WorkflowBoardRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((before, i) => {
      const after = b[i];
      return before === after || (after?.key === before.key && samePlace(before, after));
    })
  );
}
