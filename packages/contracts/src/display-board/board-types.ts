/** Display board types (specification section 2) and the route each maps to. */
export const BoardType = Object.freeze({
  Workflow: 1,
  Family: 2,
  Patient: 3,
  AssetsParLevel: 4,
} as const);

export type BoardTypeId = (typeof BoardType)[keyof typeof BoardType];

export const boardTypeRoutes: Readonly<Record<BoardTypeId, string>> = Object.freeze({
  1: 'workflow',
  2: 'family',
  3: 'patient',
  4: 'assets-par-level',
});

export function isBoardTypeId(value: unknown): value is BoardTypeId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Display mode of the workflow board (specification section 3). */
export const DisplayStyle = Object.freeze({
  AllInOne: 1,
  PhaseAtTime: 2,
  WorkflowAtTime: 3,
} as const);

export type DisplayStyleId = (typeof DisplayStyle)[keyof typeof DisplayStyle];

/** Message sender type (specification section 3). */
export const MessageSenderType = Object.freeze({
  System: 1,
  User: 2,
  Patient: 3,
} as const);

/** Announcement template placeholders (specification section 3), written {name} in a template. */
export const announcementPlaceholders = Object.freeze([
  'workflow_name',
  'phase_name',
  'supplementary_announcement',
  'station_name',
  'tag_label',
  'badge_label',
  'patient_first_name',
  'date',
  'time',
  'organization_alias',
] as const);

export type AnnouncementPlaceholder = (typeof announcementPlaceholders)[number];
