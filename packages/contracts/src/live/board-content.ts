/**
 * What each board type's subscription sends: frames of rows. A snapshot frame
 * holds every row; a changes frame the rows that changed (`upserts`, whole rows)
 * and the keys of rows gone (`removed`). Every frame carries a version that
 * only grows; resubscribing with the last one gets exactly the frames missed,
 * or a fresh snapshot. The row types are the allow-list: a field not here never
 * leaves the server for that board type (decisions LIVE-06, LIVE-07).
 */
export interface BoardFrame<R> {
  readonly version: string;
  readonly kind: 'snapshot' | 'changes';
  /** When the newest change in this frame was committed (ISO), or null. */
  readonly changed_at: string | null;
  readonly upserts: readonly R[];
  readonly removed: readonly string[];
}

/** A phase of a workflow shown on the board, with today's average stay. */
export interface PhaseRow {
  readonly key: string;
  readonly type: 'phase';
  readonly phase_id: number;
  readonly workflow_id: number;
  readonly workflow_name: string;
  readonly name: string;
  readonly position: number;
  readonly color: string;
  readonly estimated_duration_sec: number | null;
  readonly avg_duration_sec: number | null;
}

/** Workflow board (staff): who is where, since when, with whom. */
export interface WorkflowVisitRow {
  readonly key: string;
  readonly type: 'visit';
  readonly visit_id: number;
  readonly badge_label: string | null;
  /** First name and last initial, e.g. "Anna K.". */
  readonly display_name: string;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly phase_entered_at: string;
  readonly location_name: string | null;
  readonly station_name: string | null;
  readonly staff: readonly { readonly abbreviation: string; readonly display_name: string }[];
  /** On leave of absence since (ISO; ADT A21 until A22, FEED-69); null: here. */
  readonly away_since: string | null;
}

/**
 * Workflow board (staff), when the board shows expected patients (`show_expected`): a patient
 * the EHR expects (a pre-admit, an appointment) who has not arrived. In no phase; gone when the
 * patient arrives (the visit's row takes over), or the expectation is cancelled (BRD-23).
 */
export interface ExpectedVisitRow {
  /** `expected:<id>`. */
  readonly key: string;
  readonly type: 'expected';
  readonly expected_id: number;
  /** First name and last initial, as a visit's. */
  readonly display_name: string;
  readonly workflow_id: number;
  /** When the patient is expected (ISO), or null when the EHR said no time. */
  readonly expected_at: string | null;
  readonly location_name: string | null;
}

export type WorkflowBoardRow = PhaseRow | WorkflowVisitRow | ExpectedVisitRow;

/** Family board (waiting room): a code, a status and since when; a name only where configured. */
export interface FamilyVisitRow {
  readonly key: string;
  readonly type: 'visit';
  /** The family code, or the badge label when the board shows badges. */
  readonly code: string;
  /** Present only when the board shows display names. */
  readonly display_name?: string;
  readonly phase_id: number;
  readonly status_since: string;
}

/** The family board's legend: no estimates, no averages. */
export interface FamilyPhaseRow {
  readonly key: string;
  readonly type: 'phase';
  readonly phase_id: number;
  readonly name: string;
  readonly position: number;
  readonly color: string;
}

export type FamilyBoardRow = FamilyPhaseRow | FamilyVisitRow;

/** Patient board (calling): a call, and the words to say and show. */
export interface CallRow {
  readonly key: string;
  readonly type: 'call';
  readonly call_id: number;
  readonly called_at: string;
  /** The first name, or the badge label when the board shows badges. */
  readonly name: string;
  readonly station_name: string;
  readonly announcement: string;
}

export interface MessageRow {
  readonly key: string;
  readonly type: 'message';
  readonly message_id: number;
  readonly text: string;
  readonly sender_type: number;
  readonly expires_at: string | null;
}

/**
 * The organization the board belongs to, for the idle view: the customer's
 * name, the same words announcements say for {organization_alias}.
 */
export interface OrganizationRow {
  readonly key: 'organization';
  readonly type: 'organization';
  readonly name: string;
}

export type PatientBoardRow = CallRow | MessageRow | OrganizationRow;

/** Assets PAR-level board: an asset type's count at a location against its PAR level. */
export interface ParRow {
  readonly key: string;
  readonly type: 'par';
  readonly location_id: number;
  readonly location_name: string;
  readonly asset_type_id: number;
  readonly asset_type_name: string;
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly status: 'below' | 'within' | 'above';
  readonly missing: number;
  readonly excess: number;
}

/** @public The assets board's row, named for clients beside the other three (docs/live-protocol.md). */
export type AssetsBoardRow = ParRow;

/** The subscription field for each board type (1–4). */
export const boardContentFields = Object.freeze({
  1: 'workflowBoard',
  2: 'familyBoard',
  3: 'patientBoard',
  4: 'assetsBoard',
} as const);

/**
 * Each field answers frames as JSON text (a BoardFrame), serialized once per
 * board on the server and parsed once by the board: no work per connection.
 */
export const boardContentTypeDefs = /* GraphQL */ `
  extend type Subscription {
    "Workflow board frames (JSON text of a BoardFrame of WorkflowBoardRow)."
    workflowBoard(displayBoardId: Int!, sinceVersion: String): String!
    "Family board frames (JSON text of a BoardFrame of FamilyBoardRow)."
    familyBoard(displayBoardId: Int!, sinceVersion: String): String!
    "Patient board frames (JSON text of a BoardFrame of PatientBoardRow)."
    patientBoard(displayBoardId: Int!, sinceVersion: String): String!
    "Assets PAR-level board frames (JSON text of a BoardFrame of AssetsBoardRow)."
    assetsBoard(displayBoardId: Int!, sinceVersion: String): String!
  }
`;

export type BoardContentField = (typeof boardContentFields)[keyof typeof boardContentFields];

/** The board app's subscription for a board type's content. */
export function boardContentSubscription(field: BoardContentField): string {
  return /* GraphQL */ `
    subscription BoardContent($displayBoardId: Int!, $sinceVersion: String) {
      ${field}(displayBoardId: $displayBoardId, sinceVersion: $sinceVersion)
    }
  `;
}
