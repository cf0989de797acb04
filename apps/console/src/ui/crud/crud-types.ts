import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { MessageId } from '../../i18n/en-US.ts';
import type { FormValues } from './form-schema.ts';

/** A choice of a select field: its value as the form holds it, and the text shown. */
export interface FieldOption {
  readonly value: string;
  readonly label: string;
}

/** One control of the create/edit form. */
export interface CrudField {
  readonly name: string;
  readonly label: MessageId;
  readonly kind: 'text' | 'number' | 'select' | 'switch' | 'color' | 'password';
  /** A select's choices; `allowNone` adds an empty first choice ("None"). */
  readonly options?: readonly FieldOption[];
  readonly allowNone?: boolean;
  /** A short hint under the control. */
  readonly helper?: MessageId;
  /** Shown only when adding (a password) or only when editing (a disabled switch). */
  readonly only?: 'create' | 'edit';
  readonly autoComplete?: string;
}

/** A row of an editor: the grid needs an id; `name` is how dialogs and buttons speak of it. */
export type CrudRow = GridValidRowModel & { readonly id: number | string };

/**
 * An editor of one kind of record: a list (MUI DataGrid), a create/edit dialog
 * (react-hook-form with a zod resolver), and delete with a confirmation. Writes go to the
 * server, whose refusals show in the dialog in the catalogue's words.
 */
export interface CrudSectionProps<Row extends CrudRow, Body> {
  /** The section's heading (h2) and the grid's accessible name. */
  readonly title: MessageId;
  readonly titleValues?: Readonly<Record<string, string>>;
  /** What one record is called, for "Add {thing}" (lower case). */
  readonly thing: MessageId;
  readonly rows: readonly Row[] | undefined;
  readonly loading: boolean;
  readonly readError?: unknown;
  readonly columns: readonly GridColDef<Row>[];
  readonly fields: readonly CrudField[];
  /** Form text and switches → the request body. */
  readonly schema: z.ZodType<Body, FormValues>;
  /** The form's values for a new record, and for an existing one. */
  readonly blank: FormValues;
  readonly valuesOf: (row: Row) => FormValues;
  /** How buttons and dialogs name a record ("Edit Recovery bay"). */
  readonly nameOf: (row: Row) => string;
  readonly onCreate?: ((body: Body) => Promise<unknown>) | undefined;
  readonly onUpdate?: ((row: Row, body: Body) => Promise<unknown>) | undefined;
  readonly onDelete?: ((row: Row) => Promise<unknown>) | undefined;
  /** Called after every successful write (a list read once re-reads itself here). */
  readonly afterWrite?: ((result: unknown) => void) | undefined;
  /** More buttons per row (move up, show phases). */
  readonly rowActions?: ((row: Row) => ReactNode) | undefined;
  /** Something shown between the heading and the grid (a filter). */
  readonly toolbar?: ReactNode;
  /** An id for the heading, so a region can be labelled by it. */
  readonly headingId?: string;
}
