import type {
  Department,
  Device,
  DisplayBoardConfig,
  Location,
  Site,
  Station,
  Workflow,
} from '@careboard/contracts';

/**
 * Which step of Setup comes next, worked out from the customer's own data (REST reads), so
 * leaving and coming back continues where it was (decision CON-29).
 */
export const setupSteps = ['site', 'department', 'workflow', 'places', 'board', 'screen'] as const;
export type SetupStep = (typeof setupSteps)[number] | 'done';

/** What Setup reads of a board and of a screen. */
export type SetupBoard = Pick<DisplayBoardConfig, 'id' | 'name' | 'display_board_type_id' | 'workflow_ids'>;
export type SetupDevice = Pick<Device, 'id' | 'name' | 'display_board_id' | 'revoked_at'>;

/** What Setup reads of a customer. `phaseCounts`: each workflow's number of phases, by id. */
export interface SetupData {
  readonly sites: readonly Site[];
  readonly departments: readonly Department[];
  readonly workflows: readonly Workflow[];
  readonly phaseCounts: Readonly<Record<number, number>>;
  readonly locations: readonly Location[];
  readonly stations: readonly Station[];
  readonly boards: readonly SetupBoard[];
  readonly devices: readonly SetupDevice[];
}

/** The first workflow without a phase: Setup finishes it before anything else (CON-30). */
export function workflowWithoutPhases(data: SetupData): Workflow | undefined {
  return data.workflows.find((workflow) => (data.phaseCounts[workflow.id] ?? 0) === 0);
}

/**
 * The first step whose record is missing: a site; a department; a workflow with at least one
 * phase; a location and a station; a board; a screen that is not revoked. All there: done (CON-30).
 */
export function nextSetupStep(data: SetupData): SetupStep {
  if (data.sites.length === 0) return 'site';
  if (data.departments.length === 0) return 'department';
  const phased = data.workflows.some((workflow) => (data.phaseCounts[workflow.id] ?? 0) > 0);
  if (!phased) return 'workflow';
  if (data.locations.length === 0 || data.stations.length === 0) return 'places';
  if (data.boards.length === 0) return 'board';
  if (!data.devices.some((device) => device.revoked_at === null)) return 'screen';
  return 'done';
}

/** The board a new screen should show: the newest board (the one Setup just made). */
export function boardToPair(data: SetupData): SetupBoard | undefined {
  return data.boards.reduce<SetupBoard | undefined>(
    (newest, board) => (newest === undefined || board.id > newest.id ? board : newest),
    undefined,
  );
}

/** The address a screen opens to show `boardId` and ask for its code (the board's device flow). */
export function screenAddress(origin: string, boardId: number): string {
  return `${origin}/?id=${boardId}&auth_flow=1`;
}
