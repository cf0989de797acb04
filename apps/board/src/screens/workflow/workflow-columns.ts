import {
  type ColumnShowFlag,
  columnShowFlags,
  type DisplayBoardConfig,
  DisplayStyle,
  defaultColumnKeys,
  defaultColumnWidths,
  type TableColumnKey,
} from '@careboard/contracts';

/** A column of the workflow table: its key, the configured label (or null: the catalogue's) and its weight. */
export interface WorkflowColumn {
  readonly key: TableColumnKey;
  readonly label: string | null;
  /** Relative width (the configuration's 1–12); columns share the table's width by weight. */
  readonly width: number;
}

type ColumnConfig = Pick<DisplayBoardConfig, 'table_configuration' | 'display_style_id' | ColumnShowFlag>;

/**
 * The table's columns: the configured ones in their order (or the default set),
 * less those a `show_*` flag switches off. Phase at a time (style 2) names the
 * phase above its table, so it drops the phase column unless nothing else is left.
 */
export function resolveColumns(config: ColumnConfig): readonly WorkflowColumn[] {
  const configured = config.table_configuration?.columns ?? [];
  const source =
    configured.length > 0
      ? configured
      : defaultColumnKeys.map((key) => ({ key, label: undefined, width: undefined }));
  const shown = source.filter((column) => {
    const flag = columnShowFlags[column.key];
    return flag === undefined || config[flag] === true;
  });
  const columns = shown.map(
    (column): WorkflowColumn => ({
      key: column.key,
      label: column.label ?? null,
      width: column.width ?? defaultColumnWidths[column.key],
    }),
  );
  if (config.display_style_id === DisplayStyle.PhaseAtTime) {
    const withoutPhase = columns.filter((column) => column.key !== 'phase');
    if (withoutPhase.length > 0) return withoutPhase;
  }
  return columns;
}

/**
 * Where an expected patient's row says "Expected" (BRD-23): in the phase cell, else before the
 * time it is due, else in the first cell, so the word is on every row whatever the columns.
 */
export function expectedMarkColumn(columns: readonly WorkflowColumn[]): TableColumnKey | undefined {
  const keys = columns.map((column) => column.key);
  if (keys.includes('phase')) return 'phase';
  if (keys.includes('time_in_phase')) return 'time_in_phase';
  return keys[0];
}

/** Where a row's overdue mark goes: beside the time in phase, else the phase, else the first cell. */
export function overdueMarkColumn(columns: readonly WorkflowColumn[]): TableColumnKey | undefined {
  const keys = columns.map((column) => column.key);
  if (keys.includes('time_in_phase')) return 'time_in_phase';
  if (keys.includes('phase')) return 'phase';
  return keys[0];
}
