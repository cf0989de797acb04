import { errorText, HttpError } from '@careboard/web-client';
import { z } from 'zod';

/**
 * Form fields hold text (a select's value, a typed number) or a switch's boolean; a form's zod
 * schema turns them into the request body. Each issue's message is a catalogue code (with a
 * limit after a colon: 'MAX_LENGTH:120'), so a form's own checks read exactly like the server's
 * refusals, in the customer's locale (decision CON-60).
 */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

/** A required name: trimmed, not blank, at most `max` characters (the server's nameSchema). */
export function nameField(max = 120) {
  return z
    .string()
    .trim()
    .min(1, { error: 'IS_REQUIRED' })
    .max(max, { error: `MAX_LENGTH:${max}` });
}

/** Optional text: blank is null. */
export function optionalTextField(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `MAX_LENGTH:${max}` })
    .transform((value) => (value === '' ? null : value));
}

/** A chosen row id (a select's value). */
export function idField() {
  return z
    .string()
    .min(1, { error: 'IS_REQUIRED' })
    .transform((value) => Number(value));
}

/** An optional row id: the select's empty choice is null. */
export function optionalIdField() {
  return z.string().transform((value) => (value === '' ? null : Number(value)));
}

/** A whole number from 0 (or `min`) to `max`, typed as text. */
export function countField(max: number, min = 0) {
  return z
    .string()
    .trim()
    .min(1, { error: 'IS_REQUIRED' })
    .regex(/^\d+$/, { error: 'IS_NOT_VALID' })
    .transform((value) => Number(value))
    .refine((value) => value >= min && value <= max, { error: 'IS_NOT_VALID' });
}

/** An optional whole number: blank is null. */
export function optionalCountField(max: number, min = 0) {
  return z
    .string()
    .trim()
    .regex(/^\d*$/, { error: 'IS_NOT_VALID' })
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || (value >= min && value <= max), { error: 'IS_NOT_VALID' });
}

/** One of a fixed list of words (a kind, a role). */
export function choiceField<const T extends readonly [string, ...string[]]>(choices: T) {
  return z.enum(choices, { error: 'IS_REQUIRED' });
}

/** The catalogue's text for a form issue's message ('IS_REQUIRED', 'MAX_LENGTH:120') on a field. */
export function issueText(message: string, fieldLabel: string, locale: string): string {
  const [code, limit] = message.split(':');
  return errorText({ code, params: { field: fieldLabel, ...(limit ? { limit } : {}) } }, locale);
}

/**
 * Which of the form's fields a server refusal names, if any (IS_REQUIRED, IS_NOT_VALID,
 * MAX_LENGTH and DUPLICATE_KEY carry `field`): the error then shows under that field.
 */
export function refusedField(error: unknown, fields: readonly string[]): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const field = (error.envelope.params as Record<string, unknown> | undefined)?.field;
  return typeof field === 'string' && fields.includes(field) ? field : undefined;
}
