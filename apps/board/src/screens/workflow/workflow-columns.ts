import { type DisplayBoardConfig, DisplayStyle, type TableColumnKey } from '@careboard/contracts';

/** A column of the workflow table: its key, the configured label (or null: the catalogue's) and its weight. */
export interface WorkflowColumn {
  readonly key: TableColumnKey;
  readonly label: string | null;
  /** Relative width (the configuration's 1–12); columns share the table's width by weight. */
  readonly width: number;
}

/** Weights when the configuration gives none: times and places need more room than a badge. */
const defaultWidths: Readonly<Record<TableColumnKey, number>> = {
  badge_label: 1,
  display_name: 2,
  phase: 2,
  location: 2,
  station: 2,
  time_in_phase: 2,
  estimated_duration: 2,
  avg_duration: 2,
  staff: 2,
};

/**
 * The columns a board without `table_configuration` shows, before its `show_*`
 * flags: who, where in the flow, where in the building, for how long against
 * what is expected, with whom. The station is left out: the location cell names
 * it when there is no station column.
 */
export const DEFAULT_COLUMN_KEYS: readonly TableColumnKey[] = [
  'badge_label',
  'display_name',
  'phase',
  'location',
  'time_in_phase',
  'estimated_duration',
  'avg_duration',
  'staff',
];

type ShowFlag = 'show_badge' | 'show_display_name' | 'show_estimated_duration' | 'show_avg_duration';

/** Columns the board's `show_*` flags switch off; the others always show when configured. */
const flagOf: Partial<Record<TableColumnKey, ShowFlag>> = {
  badge_label: 'show_badge',
  display_name: 'show_display_name',
  estimated_duration: 'show_estimated_duration',
  avg_duration: 'show_avg_duration',
};

type ColumnConfig = Pick<DisplayBoardConfig, 'table_configuration' | 'display_style_id' | ShowFlag>;

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
      : DEFAULT_COLUMN_KEYS.map((key) => ({ key, label: undefined, width: undefined }));
  const shown = source.filter((column) => {
    const flag = flagOf[column.key];
    return flag === undefined || config[flag] === true;
  });
  const columns = shown.map(
    (column): WorkflowColumn => ({
      key: column.key,
      label: column.label ?? null,
      width: column.width ?? defaultWidths[column.key],
    }),
  );
  if (config.display_style_id === DisplayStyle.PhaseAtTime) {
    const withoutPhase = columns.filter((column) => column.key !== 'phase');
    if (withoutPhase.length > 0) return withoutPhase;
  }
  return columns;
}

/** Where a row's overdue mark goes: beside the time in phase, else the phase, else the first cell. */
export function overdueMarkColumn(columns: readonly WorkflowColumn[]): TableColumnKey | undefined {
  const keys = columns.map((column) => column.key);
  if (keys.includes('time_in_phase')) return 'time_in_phase';
  if (keys.includes('phase')) return 'phase';
  return keys[0];
}
