import { errorEnvelope } from '@careboard/contracts';
import { HttpError } from '@careboard/web-client';
import type { GridColDef } from '@mui/x-data-grid';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { enUS } from '../../i18n/en-US.ts';
import { ConsoleRuntimeProvider } from '../../runtime-config/ConsoleRuntimeProvider.tsx';
import type { ConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import { ConsoleThemeProvider } from '../../theme/ConsoleThemeProvider.tsx';
import { CrudSection } from './CrudSection.tsx';
import type { CrudField } from './crud-types.ts';
import { choiceField, nameField } from './form-schema.ts';

interface Room {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
}

const schema = z.object({ name: nameField(20), kind: choiceField(['exam_room', 'storage']) });
const fields: readonly CrudField[] = [
  { name: 'name', label: 'careSetting.field.name', kind: 'text' },
  {
    name: 'kind',
    label: 'careSetting.field.kind',
    kind: 'select',
    options: [
      { value: 'exam_room', label: 'Exam room' },
      { value: 'storage', label: 'Storage' },
    ],
  },
];
/** What the editor reads of the runtime: the locale and its texts (ui/ may not import app/'s harness). */
const runtime = {
  locale: 'en-US',
  messages: enUS,
  customer: { id: 'acme', auth_org_id: 'org_acme', auth_device_client_id: null, locale: null },
} as unknown as ConsoleRuntime;

const columns: GridColDef<Room>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];
const rooms: Room[] = [
  { id: 1, name: 'Exam 1', kind: 'exam_room' },
  { id: 2, name: 'Store', kind: 'storage' },
];

type Write = (...args: unknown[]) => Promise<unknown>;

function renderSection(handlers: {
  onCreate?: Write;
  onUpdate?: Write;
  onDelete?: Write;
  afterWrite?: () => void;
}) {
  return render(
    <ConsoleRuntimeProvider runtime={runtime}>
      <ConsoleThemeProvider>
        <CrudSection<Room, z.output<typeof schema>>
          title="careSetting.locations.title"
          thing="careSetting.locations.thing"
          rows={rooms}
          loading={false}
          columns={columns}
          fields={fields}
          schema={schema}
          blank={{ name: '', kind: 'exam_room' }}
          valuesOf={(room) => ({ name: room.name, kind: room.kind })}
          nameOf={(room) => room.name}
          onCreate={handlers.onCreate}
          onUpdate={handlers.onUpdate}
          onDelete={handlers.onDelete}
          afterWrite={handlers.afterWrite}
        />
      </ConsoleThemeProvider>
    </ConsoleRuntimeProvider>,
  );
}

const refusal = (error: Parameters<typeof errorEnvelope>) =>
  new HttpError(409, errorEnvelope(...(error as [never, never])));

// Dialogs and the grid are slow to render in jsdom on a shared machine.
describe('CrudSection', { timeout: 20_000 }, () => {
  it('lists the rows under a heading, each with Edit and Delete buttons named after it', async () => {
    renderSection({ onCreate: vi.fn(), onUpdate: vi.fn(), onDelete: vi.fn() });
    expect(screen.getByRole('heading', { level: 2, name: 'Locations' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Locations' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Exam 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Store' })).toBeTruthy();
  });

  it("checks the form with the catalogue's texts before sending anything", async () => {
    const onCreate = vi.fn(async () => ({ id: 3 }));
    renderSection({ onCreate });
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = screen.getByRole('dialog', { name: 'Add location' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required value.')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText('Name'));
    await userEvent.paste('A name much longer than twenty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name exceeds 20 characters.')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('sends the parsed body, closes and tells the page when the server accepts', async () => {
    const onCreate = vi.fn(async () => ({ id: 3 }));
    const afterWrite = vi.fn();
    renderSection({ onCreate, afterWrite });
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = screen.getByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(dialog).getByLabelText('Name'), '  Bay 4 ');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(screen.getByRole('option', { name: 'Storage' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ name: 'Bay 4', kind: 'storage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(afterWrite).toHaveBeenCalledWith({ id: 3 });
  });

  it("shows a server refusal naming no field as the form's error, and keeps the dialog open", async () => {
    const onUpdate = vi.fn(async () => {
      throw refusal(['USER_LEVEL_IS_NOT_VALID', {}]);
    });
    renderSection({ onUpdate });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Exam 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Exam 1' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Exam 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You do not have permissions to set this user level',
    );
  });

  it('shows a server refusal naming a field under that field', async () => {
    const onCreate = vi.fn(async () => {
      throw refusal(['DUPLICATE_KEY', { entity: 'Location', field: 'name', value: 'Exam 1' }]);
    });
    renderSection({ onCreate });
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = screen.getByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Exam 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Location with name "Exam 1" already exists.')).toBeTruthy();
  });

  it("asks before deleting, and shows the server's refusal in the confirmation", async () => {
    const onDelete = vi.fn(async () => {
      throw refusal(['ASSET_TYPE_IS_IN_USE', {}]);
    });
    renderSection({ onDelete });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Store' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Store?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Can't complete action: Asset type is in use.",
    );
    expect(onDelete).toHaveBeenCalledWith(rooms[1]);
  });
});
