import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../config/runtime-config.ts';
import { tableConfigurationSchema } from './display-board-config.ts';

describe('table configuration schema', () => {
  it('accepts ordered columns with optional labels and widths', () => {
    const table = { columns: [{ key: 'display_name', label: 'Patient', width: 4 }, { key: 'phase' }] };
    expect(tableConfigurationSchema.parse(table)).toEqual(table);
  });

  it.each([
    ['a repeated column', { columns: [{ key: 'phase' }, { key: 'phase' }] }],
    ['an unknown column', { columns: [{ key: 'shoe_size' }] }],
    ['an empty label', { columns: [{ key: 'phase', label: '' }] }],
    ['a width over 12', { columns: [{ key: 'phase', width: 13 }] }],
    ['a fractional width', { columns: [{ key: 'phase', width: 1.5 }] }],
    ['an unknown key', { columns: [], sort: 'phase' }],
  ])('refuses %s', (_name, table) => {
    expect(tableConfigurationSchema.safeParse(table).success).toBe(false);
  });
});

describe('runtime config schema', () => {
  it('refuses keys the specification does not name', () => {
    const result = runtimeConfigSchema.safeParse({ EXTRA: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });
});
