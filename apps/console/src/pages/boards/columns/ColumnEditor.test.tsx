import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../../i18n/en-US.ts';
import type { BoardFormValues } from '../editor/board-form.ts';
import { ColumnEditor } from './ColumnEditor.tsx';
import { configurationFromRows, moveRow, rowsFromConfiguration } from './column-rows.ts';

let values: () => BoardFormValues;

function Harness({ children }: { readonly children: ReactNode }) {
  const form = useForm<BoardFormValues>({
    defaultValues: {
      show_badge: true,
      show_display_name: false,
      show_estimated_duration: true,
      show_avg_duration: true,
      columns: rowsFromConfiguration({
        columns: [{ key: 'badge_label' }, { key: 'phase', label: 'Step' }, { key: 'location', width: 3 }],
      }),
    },
  });
  values = form.getValues;
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderEditor() {
  return render(
    <IntlProvider locale="en-US" messages={enUS}>
      <Harness>
        <ColumnEditor />
      </Harness>
    </IntlProvider>,
  );
}

const order = () => values().columns.map((row) => row.key);

/** jsdom lays nothing out: each row gets a 40 px box in a column, as a browser would give it. */
function layOutRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const row = this.closest('li');
    const index = row ? [...(row.parentElement?.children ?? [])].indexOf(row) : 0;
    const top = index * 48;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 600,
      bottom: top + 40,
      width: 600,
      height: 40,
      toJSON: () => ({}),
    };
  });
}

describe('column rows', () => {
  it('lists the configured columns in order, then the others hidden', () => {
    const rows = rowsFromConfiguration({ columns: [{ key: 'staff', label: 'Team', width: 3 }] });
    expect(rows[0]).toEqual({ key: 'staff', shown: true, label: 'Team', width: 3 });
    expect(rows.slice(1).every((row) => !row.shown)).toBe(true);
    expect(rows).toHaveLength(9);
  });

  it('starts a board without a configuration at the board’s own default columns', () => {
    const rows = rowsFromConfiguration(null);
    expect(rows.filter((row) => row.shown).map((row) => row.key)).toEqual([
      'badge_label',
      'display_name',
      'phase',
      'location',
      'time_in_phase',
      'estimated_duration',
      'avg_duration',
      'staff',
    ]);
    expect(rows.at(-1)).toEqual({ key: 'station', shown: false, label: '', width: 2 });
  });

  it('saves the shown rows in order, with a label only when one was typed', () => {
    const rows = moveRow(
      rowsFromConfiguration({ columns: [{ key: 'phase' }, { key: 'location', label: ' ' }] }),
      1,
      0,
    );
    expect(configurationFromRows(rows)).toEqual({
      columns: [
        { key: 'location', width: 2 },
        { key: 'phase', width: 2 },
      ],
    });
  });
});

describe('the column editor by keyboard', () => {
  let rects: ReturnType<typeof layOutRows>;
  beforeEach(() => {
    rects = layOutRows();
  });
  afterEach(() => rects.mockRestore());

  it('moves a column with its drag handle: Space, an arrow, Space', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(order().slice(0, 3)).toEqual(['badge_label', 'phase', 'location']);
    screen.getByRole('button', { name: 'Drag Location' }).focus();
    await user.keyboard(' ');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.keyboard('{ArrowUp}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await user.keyboard(' ');
    await waitFor(() => expect(order().slice(0, 3)).toEqual(['badge_label', 'location', 'phase']));
  });

  it('moves a column with Move up and Move down, announcing where it went', async () => {
    const user = userEvent.setup();
    renderEditor();
    screen.getByRole('button', { name: 'Move Badge down' }).focus();
    await user.keyboard('{Enter}');
    expect(order().slice(0, 3)).toEqual(['phase', 'badge_label', 'location']);
    expect(screen.getByText('Badge moved to position 2 of 9.')).toBeTruthy();
    screen.getByRole('button', { name: 'Move Location up' }).focus();
    await user.keyboard('{Enter}');
    expect(order().slice(0, 3)).toEqual(['phase', 'location', 'badge_label']);
    // The first row cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: 'Move Phase up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Staff down' }).hasAttribute('disabled')).toBe(true);
  });

  it('switches a flagged column by its show_* flag and keeps its place', async () => {
    const user = userEvent.setup();
    renderEditor();
    const badge = screen.getByRole('switch', { name: 'Show Badge' });
    expect((badge as HTMLInputElement).checked).toBe(true);
    await user.click(badge);
    expect(values().show_badge).toBe(false);
    expect(values().columns[0]).toMatchObject({ key: 'badge_label', shown: true });
    // Patient is not configured and its flag is off: switching it on does both.
    await user.click(screen.getByRole('switch', { name: 'Show Patient' }));
    expect(values().show_display_name).toBe(true);
    expect(values().columns.find((row) => row.key === 'display_name')?.shown).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Show Staff' }));
    expect(values().columns.find((row) => row.key === 'staff')?.shown).toBe(true);
  });
});
