import { z } from 'zod/mini';
import { isStorableText, NOT_STORABLE_TEXT } from '../text/storable-text.ts';
import { announcementRateSchema, announcementVoiceSchema } from './speech.ts';

/** Columns a workflow board's table can show (docs/product.md, The four boards). */
export const tableColumnKeys = Object.freeze([
  'badge_label',
  'display_name',
  'phase',
  'location',
  'station',
  'time_in_phase',
  'estimated_duration',
  'avg_duration',
  'staff',
] as const);

export type TableColumnKey = (typeof tableColumnKeys)[number];

/** `table_configuration`: ordered columns, each with an optional label and relative width. */
export const tableConfigurationSchema = z.strictObject({
  columns: z
    .array(
      z.strictObject({
        key: z.enum(tableColumnKeys),
        label: z.optional(
          z
            .string()
            .check(z.refine(isStorableText, { error: NOT_STORABLE_TEXT }), z.minLength(1), z.maxLength(60)),
        ),
        width: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
      }),
    )
    .check(
      z.maxLength(tableColumnKeys.length),
      z.refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, {
        error: 'columns must not repeat',
      }),
    ),
});

export type TableConfiguration = z.infer<typeof tableConfigurationSchema>;

/**
 * The display board config every board loads by id (specification section 3),
 * plus `announcement_template` for the patient board (decision API-11).
 */
export const displayBoardConfigSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  display_board_type_id: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  workflow_ids: z.array(z.int()),
  phase_ids: z.array(z.int()),
  page_rotation_sec: z.int().check(z.minimum(3)),
  table_configuration: z.nullable(tableConfigurationSchema),
  department: z.object({
    id: z.int(),
    name: z.string(),
    site: z.object({ id: z.int(), name: z.string(), default_timezone: z.string() }),
  }),
  show_badge: z.boolean(),
  show_display_name: z.boolean(),
  show_estimated_duration: z.boolean(),
  show_avg_duration: z.boolean(),
  /** A workflow board lists the patients its EHR expects today before they arrive (BRD-23). */
  show_expected: z.boolean(),
  play_tone: z.boolean(),
  play_announcement: z.boolean(),
  announcement_template: z.nullable(z.string()),
  /** How calls are spoken (SCR-13): the kind of voice and the pace. */
  announcement_voice: announcementVoiceSchema,
  announcement_rate: announcementRateSchema,
  location_ids: z.array(z.int()),
  display_style_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

export type DisplayBoardConfig = z.infer<typeof displayBoardConfigSchema>;
