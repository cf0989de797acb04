import { defaultColumnKeys } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { boardConfig } from '../../board/test-board-config.ts';
import { overdueMarkColumn, resolveColumns } from './workflow-columns.ts';

const allFlags = {
  ...boardConfig,
  show_badge: true,
  show_display_name: true,
  show_estimated_duration: true,
  show_avg_duration: true,
};
const keysOf = (config: Parameters<typeof resolveColumns>[0]) =>
  resolveColumns(config).map((column) => column.key);

describe('workflow table columns', () => {
  it('shows the default set when the board has no table configuration', () => {
    expect(keysOf({ ...allFlags, table_configuration: null })).toEqual([...defaultColumnKeys]);
    expect(keysOf({ ...allFlags, table_configuration: { columns: [] } })).toEqual([...defaultColumnKeys]);
  });

  it('switches off the badge, name, estimate and average columns by their show_* flags', () => {
    expect(keysOf({ ...allFlags, show_badge: false })).not.toContain('badge_label');
    expect(keysOf({ ...allFlags, show_display_name: false })).not.toContain('display_name');
    expect(keysOf({ ...allFlags, show_estimated_duration: false })).not.toContain('estimated_duration');
    expect(keysOf({ ...allFlags, show_avg_duration: false })).not.toContain('avg_duration');
    expect(
      keysOf({
        ...allFlags,
        show_badge: false,
        show_display_name: false,
        show_estimated_duration: false,
        show_avg_duration: false,
      }),
    ).toEqual(['phase', 'location', 'time_in_phase', 'staff']);
  });

  it('follows the configured columns: their order, labels and widths, less what a flag switches off', () => {
    const columns = resolveColumns({
      ...allFlags,
      show_avg_duration: false,
      table_configuration: {
        columns: [
          { key: 'staff', width: 3 },
          { key: 'display_name', label: 'Who' },
          { key: 'avg_duration', label: 'Avg' },
          { key: 'station', label: 'Go to', width: 2 },
          { key: 'phase' },
        ],
      },
    });
    expect(columns).toEqual([
      { key: 'staff', label: null, width: 3 },
      { key: 'display_name', label: 'Who', width: 2 },
      { key: 'station', label: 'Go to', width: 2 },
      { key: 'phase', label: null, width: 2 },
    ]);
  });

  it('leaves the phase column to the page title when showing a phase at a time', () => {
    expect(keysOf({ ...allFlags, display_style_id: 2 })).not.toContain('phase');
    expect(keysOf({ ...allFlags, display_style_id: 3 })).toContain('phase');
    // Unless nothing else would be left.
    expect(
      keysOf({ ...allFlags, display_style_id: 2, table_configuration: { columns: [{ key: 'phase' }] } }),
    ).toEqual(['phase']);
  });

  it('puts the overdue mark beside the time in phase, else the phase, else the first column', () => {
    const at = (keys: string[]) =>
      overdueMarkColumn(
        resolveColumns({
          ...allFlags,
          table_configuration: { columns: keys.map((key) => ({ key })) } as never,
        }),
      );
    expect(at(['display_name', 'phase', 'time_in_phase'])).toBe('time_in_phase');
    expect(at(['display_name', 'phase'])).toBe('phase');
    expect(at(['display_name', 'staff'])).toBe('display_name');
  });
});
