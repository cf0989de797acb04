/** A board's ordered lists, each kept in its own table inside the board's customer. */
export interface DisplayBoardLists {
  readonly workflow_ids: readonly number[];
  readonly phase_ids: readonly number[];
  readonly location_ids: readonly number[];
}

/** Where each list is stored. Table and column names are constants, never input. */
export const LIST_TABLES = Object.freeze({
  workflow_ids: { table: 'display_board_workflows', column: 'workflow_id' },
  phase_ids: { table: 'display_board_phases', column: 'phase_id' },
  location_ids: { table: 'display_board_locations', column: 'location_id' },
} as const);
