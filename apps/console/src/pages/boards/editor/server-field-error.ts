import { HttpError } from '@careboard/web-client';
import type { BoardField } from './board-form.ts';

const formFields = new Set<string>([
  'name',
  'display_board_type_id',
  'department_id',
  'workflow_ids',
  'phase_ids',
  'location_ids',
  'page_rotation_sec',
  'display_style_id',
  'announcement_template',
]);

/**
 * The form field a refused save names (`params.field`, e.g. IS_NOT_VALID phase_ids), so the
 * catalogue's text shows under it too; undefined when it names none the form shows.
 */
export function serverFieldError(error: unknown): Exclude<BoardField, 'columns'> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const params = error.envelope.params as Record<string, unknown> | undefined;
  const field = params?.field;
  if (typeof field === 'string' && field === 'table_configuration') return undefined;
  return typeof field === 'string' && formFields.has(field)
    ? (field as Exclude<BoardField, 'columns'>)
    : undefined;
}
